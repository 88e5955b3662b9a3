/**
 * CSRF protection for cookie-carrying requests: the synchronizer token lives in the httpOnly
 * `__session` cookie and is handed to the page by `GET /api/auth/csrf-token`; a state-changing
 * request that carries cookies must echo it in `X-CSRF-Token`. A cross-site page can neither read
 * that response nor set the header without a CORS preflight the API never grants. Requests
 * without cookies (Bearer-only API clients) are not exposed to CSRF and need no token.
 */
import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { messages } from "@platform/common";
import { readSession } from "./session.js";
import { sendError } from "./respond.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CSRF_HEADER = "x-csrf-token";

export const csrfProtection: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method) || !req.headers.cookie) {
    next();
    return;
  }
  const session = readSession(req);
  const header = req.get(CSRF_HEADER) ?? "";
  if (!session || !sameToken(header, session.n)) {
    sendError(res, 403, messages.general.csrfInvalid, { csrf: false });
    return;
  }
  next();
};

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
