import type { SetOrderStatusRequest } from "@vetportal/contract";
import { useDeskChange } from "./desk-change.ts";

/** POST /api/fulfilment/status: a plain status change with a note (the contract's ORDER_TRANSITIONS). */
export const useSetOrderStatus = () => useDeskChange<SetOrderStatusRequest>("/api/fulfilment/status");
