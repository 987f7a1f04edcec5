export * from "./approvals.ts";
export * from "./cart.ts";
export * from "./catalog.ts";
export * from "./customers.ts";
export * from "./inventory.ts";
export * from "./orders.ts";
export * from "./system.ts";
export * from "./users.ts";
