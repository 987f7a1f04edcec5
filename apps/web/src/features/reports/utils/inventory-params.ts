import { INVENTORY_STATUS, type InventoryReportRequest } from "@vetportal/contract";
import { addressDay } from "../../../lib/address-day.ts";

export type InventoryStatus = (typeof INVENTORY_STATUS)[number];

/** The Inventory tab's filter (SPEC §2 "Inventory report filters"), kept in the URL like the order report's. */
export interface InventoryFilter {
  date_to: string;
  status: InventoryStatus;
  categories: number[];
  customer_sku: boolean;
}

const KEYS = { date_to: "as_of", status: "stock", categories: "categories", customer_sku: "sku" } as const;

export function readInventoryFilter(params: URLSearchParams, today: string): InventoryFilter {
  const date = params.get(KEYS.date_to);
  const status = params.get(KEYS.status);
  return {
    date_to: addressDay(date) ?? today,
    status: (INVENTORY_STATUS as readonly string[]).includes(status ?? "") ? (status as InventoryStatus) : "ACTIVE",
    categories: (params.get(KEYS.categories) ?? "")
      .split(",")
      .filter((id) => /^\d+$/.test(id) && Number(id) > 0)
      .map(Number),
    customer_sku: params.get(KEYS.customer_sku) === "1",
  };
}

/** The URL after a change of the inventory filter; the defaults stay out of it. */
export function writeInventoryFilter(
  current: URLSearchParams,
  filter: InventoryFilter,
  today: string,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...Object.values(KEYS), "stock_page"]) next.delete(key);
  if (filter.date_to !== today) next.set(KEYS.date_to, filter.date_to);
  if (filter.status !== "ACTIVE") next.set(KEYS.status, filter.status);
  if (filter.categories.length) next.set(KEYS.categories, filter.categories.join(","));
  if (filter.customer_sku) next.set(KEYS.customer_sku, "1");
  return next;
}

export function toInventoryRequest(filter: InventoryFilter): InventoryReportRequest {
  return {
    date_to: filter.date_to,
    status: filter.status,
    product_category_id: filter.categories,
    customer_sku: filter.customer_sku ? 1 : 0,
  };
}
