import type { LimitName } from "../config.js";
import type { LimitKey } from "../infra/rate-limits.js";

/** A budget per e-mail address: addresses count case-insensitively, as registration keys them. */
export function addressKey(limit: LimitName, email: string): LimitKey {
  return { limit, key: email.trim().toLowerCase() };
}
