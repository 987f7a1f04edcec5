import { okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

const DeletedResponseSchema = okSchema(z.unknown());

/** POST /api/costcenter/delete (admin): always the non-permanent delete. */
export function deleteCostCenter(id: number) {
  return apiRequest("/api/costcenter/delete", { body: { id, permanent: 0 }, schema: DeletedResponseSchema }).then(
    () => undefined,
  );
}

/** A failure gets the global error toast with the server's message. */
export function useDeleteCostCenter() {
  return useRefreshingMutation(deleteCostCenter, [COST_CENTERS_QUERY_KEY]);
}
