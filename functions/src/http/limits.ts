// Kept where the routes import it from; the rule lives with the counters it keys.
export { addressKey } from "../infra/rate-limits.js";
