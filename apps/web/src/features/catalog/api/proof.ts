import { queryOptions, useQuery } from "@tanstack/react-query";
import { ProofApprovalSchema, ProofSchema } from "@vetportal/contract";
import { apiData, apiFetch } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

/** POST /api/proof/query: the practice's proof of a personalised product, with its preview image. */
export function proofQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ["proof", productId],
    queryFn: ({ signal }) =>
      apiData("/api/proof/query", { body: { product_id: productId }, schema: ProofSchema, signal }),
  });
}

/** The panel shows a missing brand or template itself, so no toast. */
export function useProof(productId: number, enabled: boolean) {
  return useQuery({ ...proofQueryOptions(productId), enabled, meta: { handlesErrors: true } });
}

/** POST /api/proof/approve: "I approve this proof" (again, for a line staff sent back). */
export function useApproveProof(productId: number) {
  return useRefreshingMutation(
    (proofId: number) =>
      apiData("/api/proof/approve", {
        body: { proof_id: proofId },
        schema: ProofApprovalSchema,
      }),
    // An approval may release order lines sent back (decision 046): the orders read them again.
    [["proof", productId], ["orders"]],
  );
}

/** POST /api/proof/pdf: opens the watermarked proof (application/pdf) in a new tab. */
export async function openProofPdf(proofId: number): Promise<void> {
  const opened = window.open("", "_blank");
  const response = await apiFetch("/api/proof/pdf", { body: { proof_id: proofId }, accept: "application/pdf" });
  const url = URL.createObjectURL(await response.blob());
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A personalised product waits for "I approve this proof" before Add To Cart (the order checks it too). */
export function useAwaitingApproval(product: { id: number; is_customizable: boolean }): boolean {
  const proof = useProof(product.id, product.is_customizable);
  return product.is_customizable && proof.data?.approved !== true;
}
