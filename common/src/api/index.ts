/**
 * `@platform/common/api`: the `/api` contract with its zod/mini schemas. A subpath of its own so
 * that pages which never call the API do not import zod.
 */
export * from "./define.js";
export { routes } from "./routes.js";
export * from "./contract.js";
export * from "./fields.js";
export type * from "./types.js";
