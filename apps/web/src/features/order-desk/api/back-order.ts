import type { BackOrderRequest } from "@vetportal/contract";
import { useDeskChange } from "./desk-change.ts";

/** POST /api/fulfilment/backorder: lines back ordered with the day each is expected. */
export const useBackOrder = () => useDeskChange<BackOrderRequest>("/api/fulfilment/backorder");
