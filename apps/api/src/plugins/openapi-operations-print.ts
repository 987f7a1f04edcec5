import type { OperationDoc } from "./openapi-operations.ts";

/** The personalised postcard of the demo data (apps/api/src/db/seed/seed-print.ts). */
const POSTCARD_ID = 990001;

/** Happy Paws' brand as its brand page sends it (no new logo: the current one is kept). */
const DEMO_BRAND = {
  display_name: "Happy Paws Veterinary Clinic",
  address_lines: "120 Market Street\nSan Francisco, CA 94105",
  phone: "415-555-0100",
  website: "https://happypaws.test/book",
  hours: "Mon-Fri 8am-6pm\nSat 9am-2pm",
};

/** A template field: the practice's name, bold, shrinking from 14 pt to 8 pt to fit. */
const TEMPLATE_NAME_FIELD = {
  kind: "practice_name",
  x: 8,
  y: 66,
  width: 80,
  height: 9,
  font: "Helvetica-Bold",
  size: 14,
  min_size: 8,
  color: "#0f4c5c",
  align: "left",
};

/** Print on demand's operations (issue 24): what OPERATION_DOCS says of each, with demo examples. */
export const PRINT_OPERATION_DOCS: Record<string, OperationDoc> = {
  // Print on demand (issue 24, decision 044): Happy Paws' brand, the personalised postcard 990001
  // and the demo's approved proof 1 of it.
  "POST /api/brand/query": { errors: [403], example: {} },
  "POST /api/brand/save": { errors: [403, 404], example: DEMO_BRAND },
  "POST /api/proof/query": { errors: [404, 409], example: { product_id: POSTCARD_ID } },
  "POST /api/proof/pdf": { errors: [404], pdf: "The watermarked proof, a PDF attachment.", example: { proof_id: 1 } },
  "POST /api/proof/approve": { errors: [404, 409], example: { proof_id: 1 } },
  // The line is a personalised line of an order placed now (the property test puts it in).
  "POST /api/print/file": {
    errors: [404, 409],
    pdf: "The print-ready PDF of the lines (bleed, crop marks, no watermark), an attachment.",
    example: { order_product_ids: [1] },
  },
  "POST /api/template/list": { example: {} },
  "POST /api/template/query": { errors: [404, 409], example: { product_id: POSTCARD_ID } },
  "POST /api/template/save": {
    errors: [404, 409],
    example: { product_id: POSTCARD_ID, fields: [TEMPLATE_NAME_FIELD], bleed_mm: 3 },
  },
  "POST /api/template/preview": {
    errors: [404, 409],
    example: { product_id: POSTCARD_ID, fields: [TEMPLATE_NAME_FIELD], bleed_mm: 3, user_id: 2 },
  },
};
