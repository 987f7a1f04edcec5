import type { SupportRequest } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { queueEmail } from "../mail/mail.service.ts";
import { insertSupportRequest } from "./support.repository.ts";

export type SupportService = ReturnType<typeof createSupportService>;

export function createSupportService(db: Database, config: Config) {
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
          subject: `Customer Service: ${body.support_category} (#${id})`,
          text: [
            `Support request #${id}`,
            `From: ${body.full_name} <${body.email}>, ${body.phone}`,
            `User id: ${userId}`,
            `Area: ${body.support_category}`,
            "",
            body.description,
          ].join("\n"),
        });
        return id;
      });
    },
  };
}
