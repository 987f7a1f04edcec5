import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Caches } from "../../lib/cache.ts";
import type { AllowancesService } from "../allowances/allowances.service.ts";
import type { ApprovalRulesService } from "../approvals/approval-rules.service.ts";
import type { CartService } from "../cart/cart.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { InventoryService } from "../inventory/inventory.service.ts";
import type { PrintService } from "../print/print.service.ts";

/** The settings the orders module reads: the portal's customer and the practice's cancel window. */
export type OrdersSettings = Pick<Config, "CUSTOMER_ID" | "CANCEL_WINDOW_HOURS">;

/**
 * What the orders service is made of (app.ts hands it in): its database, its settings, the caches, and the
 * services it uses — the catalogue (which products a user may order, their prices), the inventory
 * (stock changes and where low-stock alerts go), the cart (a destroy order empties its lines) and the
 * approval rules (an order that matches one is placed Pending Approval, decision 040).
 */
export interface OrdersDeps {
  db: Database;
  settings: OrdersSettings;
  /** The read caches (decision 017): the customer's delivery methods are read through them. */
  caches: Pick<Caches, "value">;
  catalog: Pick<CatalogService, "scopeFor" | "productsByIds" | "isInInventory" | "priceRanges" | "orderReads">;
  inventory: Pick<InventoryService, "changeStock" | "alertEmail">;
  cart: Pick<CartService, "removeOrderedLines" | "orderedLinesRemoval">;
  /** The order's use of the practice's allowances and a cancel's give-back (decision 039). */
  allowances: Pick<AllowancesService, "orderRead" | "forOrder" | "giveBack" | "preview">;
  approvals: Pick<
    ApprovalRulesService,
    "orderRead" | "evaluateRead" | "check" | "requestInsertion" | "requestMails" | "orderApproval"
  >;
  /** A personalised line prints the practice's approved proof, or the order is refused (decision 044). */
  print: Pick<PrintService, "approvedProofFor">;
}
