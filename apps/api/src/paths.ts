import { fileURLToPath } from "node:url";

/**
 * The API package's root folder. This file sits one level below it in src/, and the bundle
 * (dist/server.js) does too, so the same relative URL works in development and production.
 */
export const API_ROOT = fileURLToPath(new URL("../", import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL("../drizzle", import.meta.url));
export const WEB_DIST_DIR = fileURLToPath(new URL("../../web/dist", import.meta.url));
