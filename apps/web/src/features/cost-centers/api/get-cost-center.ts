import { CostCenterSchema } from "@vetportal/contract";
import { recordQueryOptions, useRecordQuery } from "../../../lib/record-query.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

/** POST /api/costcenter/query (admin). */
const costCenterQueryOptions = recordQueryOptions("/api/costcenter/query", CostCenterSchema, [
  ...COST_CENTERS_QUERY_KEY,
  "detail",
]);

export function useCostCenter(id: number | undefined) {
  return useRecordQuery(costCenterQueryOptions, id);
}
