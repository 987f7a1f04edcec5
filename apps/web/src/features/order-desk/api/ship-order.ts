import type { ShipOrderRequest } from "@vetportal/contract";
import { useDeskChange } from "./desk-change.ts";

/** POST /api/fulfilment/ship: the order shipped on a day in one or more packages. */
export const useShipOrder = () => useDeskChange<ShipOrderRequest>("/api/fulfilment/ship");
