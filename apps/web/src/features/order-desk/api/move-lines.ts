import type { MoveLinesRequest, SendBackLineRequest } from "@vetportal/contract";
import { useDeskChange } from "./desk-change.ts";

/** POST /api/fulfilment/lines/move: personalised lines of the order moved to a production status. */
export const useMoveLines = () => useDeskChange<MoveLinesRequest>("/api/fulfilment/lines/move");

/** POST /api/fulfilment/lines/sendBack: a line's proof sent back with the changes requested. */
export const useSendBackLine = () => useDeskChange<SendBackLineRequest>("/api/fulfilment/lines/sendBack");
