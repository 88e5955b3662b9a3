/** Route-level limits: budgets keyed by client IP or e-mail address (README "Limits"). */
import type { RequestHandler } from "express";
import type { LimitName } from "../config.js";
import { type LimitKey, consume } from "../infra/rate-limits.js";
import { clientIp } from "./client-ip.js";

/** Every request counts, valid or not, before anything else is read: for endpoints that create. */
export function limitPerIp(limit: LimitName): RequestHandler {
  return (req, _res, next) => {
    consume([{ limit, key: clientIp(req) }], new Date()).then(() => next(), next);
  };
}

/** Addresses count case-insensitively, as registration keys them. */
export function addressKey(limit: LimitName, email: string): LimitKey {
  return { limit, key: email.trim().toLowerCase() };
}
