import type { OperationDoc } from "./openapi-operations.ts";

/**
 * The order desk's operations in OPERATION_DOCS (decision 028): split from openapi-operations.ts to
 * keep each file short. Order ids are an order the demo practice placed; the property test puts
 * live ones in (LIVE_EXAMPLES).
 */
export const DESK_OPERATION_DOCS: Record<string, OperationDoc> = {
  "POST /api/fulfilment/list": { example: { order_status_id: 1, limit: 25, offset: 0 } },
  "POST /api/fulfilment/query": { errors: [404], example: { id: 1 } },
  "POST /api/fulfilment/status": {
    errors: [404, 409],
    example: { order_id: 1, order_status_id: 18, note: "Waiting for the sponsor" },
  },
  "POST /api/fulfilment/backorder": {
    errors: [404, 409],
    example: { order_id: 1, lines: [{ order_product_id: 1, expected_date: "2026-12-15" }] },
  },
  "POST /api/fulfilment/ship": {
    errors: [404, 409],
    example: {
      order_id: 1,
      shipped_on: "2026-11-24",
      packages: [{ carrier: "UPS", tracking_number: "1Z999AA10123456784" }],
    },
  },
  "POST /api/fulfilment/cancel": {
    errors: [404, 409],
    example: { order_id: 1, note: "Cancelled at the practice's request" },
  },
  "POST /api/fulfilment/importPreview": {
    errors: [413],
    example: { csv: "order_id,tracking_number,carrier,ship_date\n1,1Z999AA10123456784,UPS,2026-11-24\n" },
  },
  "POST /api/fulfilment/importApply": {
    errors: [409, 413],
    example: { csv: "order_id,tracking_number,carrier,ship_date\n1,1Z999AA10123456784,UPS,2026-11-24\n" },
  },
  // The demo's split order (seed-production.ts) and its personalised line, Printing (ids drawn by the
  // database: the property test puts the live ones in).
  "POST /api/fulfilment/lines/move": {
    errors: [404, 409],
    example: { order_id: 1, order_product_ids: [1], production_status_id: 10 },
  },
  "POST /api/fulfilment/lines/sendBack": {
    errors: [404, 409],
    example: {
      order_id: 1,
      order_product_id: 1,
      note: "Use the new logo, please",
    },
  },
};
