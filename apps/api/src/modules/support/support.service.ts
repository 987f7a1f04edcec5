import type { SupportRequest } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { queueEmail } from "../mail/mail.service.ts";
import { supportRequestMail } from "../mail/templates.ts";
import { insertSupportRequest } from "./support.repository.ts";

export type SupportService = ReturnType<typeof createSupportService>;

export type SupportSettings = Pick<Config, "CUSTOMER_ID" | "SUPPORT_EMAIL">;

export function createSupportService({ db, settings: config }: { db: Database; settings: SupportSettings }) {
  return {
    /** Stores a Customer Service request and queues its email to the support team, in one transaction. */
    async addRequest(userId: number, body: SupportRequest): Promise<number> {
      return db.transaction(async (tx) => {
        const id = await insertSupportRequest(tx, {
          ...body,
          customer_id: config.CUSTOMER_ID,
          user_id: userId,
          method: "EMAIL",
        });
        await queueEmail(tx, {
          kind: "support_request",
          to: [config.SUPPORT_EMAIL],
          cc: [],
          ...supportRequestMail(id, userId, body),
        });
        return id;
      });
    },
  };
}
