/**
 * The one cookie of the API. Firebase Hosting forwards only a cookie named `__session` to Cloud
 * Functions, so it carries both the CSRF nonce and, after login, the refresh token. It is
 * httpOnly, Secure and SameSite=Strict; the SPA never reads it.
 */
import { randomBytes } from "node:crypto";
import type { CookieOptions, Request, Response } from "express";

export const SESSION_COOKIE = "__session";
const PERSISTENT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionState {
  /** CSRF nonce; `GET /api/auth/csrf-token` hands it out as `csrfToken`. */
  n: string;
  /** Firebase refresh token, after login. */
  r?: string;
  /** "Oturumum açık kalsın": keep the cookie beyond the browser session. */
  p?: boolean;
}

export function newNonce(): string {
  return randomBytes(24).toString("base64url");
}

export function readSession(req: Request): SessionState | null {
  const raw = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  if (!raw) return null;
  try {
    const parsed = JSON.parse(
      Buffer.from(raw, "base64url").toString("utf8"),
    ) as Partial<SessionState>;
    if (typeof parsed.n !== "string" || parsed.n.length < 16) return null;
    return {
      n: parsed.n,
      ...(typeof parsed.r === "string" ? { r: parsed.r } : {}),
      ...(parsed.p === true ? { p: true } : {}),
    };
  } catch {
    return null;
  }
}

function cookieOptions(persistent: boolean): CookieOptions {
  return {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: "/",
    ...(persistent ? { maxAge: PERSISTENT_MAX_AGE_MS } : {}),
  };
}

export function writeSession(res: Response, state: SessionState): void {
  const value = Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
  res.cookie(SESSION_COOKIE, value, cookieOptions(state.p === true));
  // Hosting (and its emulator) drops Set-Cookie from responses a CDN may cache.
  res.set("Cache-Control", "private, no-store");
}

/** The session of this request, creating a nonce when there is none yet. */
export function ensureSession(req: Request): SessionState {
  return readSession(req) ?? { n: newNonce() };
}
