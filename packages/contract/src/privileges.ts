import { z } from "zod";
import { USER_LEVEL } from "./users.ts";

/**
 * What each kind of user may see and do (the legacy product calls POST /useradmin/previlege but
 * never shows the table; this is ours, DESIGN §5). The server decides with these; the web app
 * only uses them to hide what the server would refuse anyway.
 */
export const PRIVILEGES = {
  "catalog.browse": "Browse categories and products",
  "orders.place": "Fill a cart and place orders",
  "orders.view_own": "See and cancel own orders, reprint receipts",
  "orders.view_department": "See the orders of the own department",
  "orders.view_all": "See every order of the customer",
  "account.manage": "Change own personal info, password and addresses",
  "reports.view": "Run order, product, user, item and inventory reports",
  "users.manage": "Add, modify, inactivate and delete practices and users",
  "departments.manage": "Manage departments and cost centers",
  "products.manage": "Manage products and inventory",
} as const;
export type Privilege = keyof typeof PRIVILEGES;
export const PrivilegeSchema = z.enum(Object.keys(PRIVILEGES) as [Privilege, ...Privilege[]]);

const CUSTOMER: Privilege[] = ["catalog.browse", "orders.place", "orders.view_own", "account.manage"];
const ADMIN: Privilege[] = Object.keys(PRIVILEGES) as Privilege[];

/**
 * Privileges by user level. Administrator rights need a staff (password) sign-in as well, and so
 * does a Manager's department scope: a practice signed in by address gets USER's (decision 012).
 */
export const LEVEL_PRIVILEGES: Record<number, Privilege[]> = {
  [USER_LEVEL.USER]: CUSTOMER,
  [USER_LEVEL.MANAGER]: [...CUSTOMER, "orders.view_department"],
  [USER_LEVEL.ADMINISTRATOR]: ADMIN,
};

export const PrivilegesSchema = z.object({
  user_id: z.number().int(),
  user_level_id: z.number().int(),
  user_level: z.string(),
  is_admin: z.boolean(),
  privileges: z.array(PrivilegeSchema),
  /**
   * How the session signed in: only a password sign-in may change a password or see a department's
   * orders (decision 012). Optional only so a browser's stored copy from before still reads.
   */
  sign_in_method: z.enum(["address", "password"]).optional(),
});
export type Privileges = z.infer<typeof PrivilegesSchema>;
