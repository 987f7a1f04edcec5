import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditRecorder } from "../audit/audit.service.ts";
import type { DepartmentsService } from "../departments/departments.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";

/** The administrator at the desk, the sign-in they act from, and the customer whose orders they handle. */
export type Staff = { userId: number; sessionId: number | null; customerId: number };

/** The settings the desk reads: the portal's address, for the links in the practice's emails. */
export type FulfilmentSettings = Pick<Config, "PUBLIC_URL">;

/**
 * What the order desk uses: its database, its settings, the orders service (the orders' owner) and
 * the departments service (whose cc addresses the practice's emails copy).
 */
export interface FulfilmentDeps {
  db: Database;
  settings: FulfilmentSettings;
  orders: OrdersService;
  departments: Pick<DepartmentsService, "ccEmailsOf">;
  /** Every change the desk makes to an order is recorded in the audit trail, in its transaction. */
  audit: AuditRecorder;
}

/** A link to the order's page, for the practice's emails. */
export const orderLink = ({ settings }: FulfilmentDeps, id: number) => `${settings.PUBLIC_URL}/order/${id}/2`;

/** Refuses a request whose fields have errors: one message per field, all of them joined as the message. */
export function refuseFields(
  fields: Record<string, string>,
  code: "VALIDATION_FAILED" | "CONFLICT" = "VALIDATION_FAILED",
) {
  if (Object.keys(fields).length) throw new AppError(code, Object.values(fields).join(" "), fields);
}
