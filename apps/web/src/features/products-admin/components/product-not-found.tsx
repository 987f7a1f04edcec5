import { RecordNotFound } from "../../../components/page-state.tsx";

/** An administrator's product page for a product id that does not exist (its page, its print template). */
export function ProductNotFound() {
  return (
    <RecordNotFound
      title="Product not found"
      message="This product does not exist."
      backTo="/Product/ProductReport"
      backLabel="Back to Products"
    />
  );
}
