import type { StaffCancelRequest } from "@vetportal/contract";
import { useDeskChange } from "./desk-change.ts";

/** POST /api/fulfilment/cancel: the whole order, or packs of its lines, cancelled and restocked. */
export const useCancelDeskOrder = () => useDeskChange<StaffCancelRequest>("/api/fulfilment/cancel");
