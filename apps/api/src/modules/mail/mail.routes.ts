import { OUTBOX_PAGE_SIZE, OutboxMessageSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { postData } from "../../http/post-data.ts";
import { listOutbox } from "./mail.service.ts";

/**
 * The outbox for administrators (issue 22 §6): what the portal queued to send, readable without an
 * SMTP server. Secrets (set-password links) are already cut out of used or expired messages
 * (decision 026); the page is for administrators only, who may send such links anyway.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Executor }> = async (app, { db }) => {
  postData(
    app,
    "/mail/outbox",
    {
      access: "admin",
      tags: ["mail"],
      summary: "The newest queued and sent emails (admin)",
      data: z.array(OutboxMessageSchema),
    },
    () => listOutbox(db, OUTBOX_PAGE_SIZE),
  );
};
