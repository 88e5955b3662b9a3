/**
 * Identity of an emulator request, read from its Authorization header the way the official
 * emulators do: "Bearer owner" is the admin SDK (bypasses rules); any other token is a JWT whose
 * payload is decoded but not verified (Auth-emulator ID tokens and SDK mock tokens are unsigned).
 * Firebase Storage's web SDK sends "Firebase <token>" instead of "Bearer <token>".
 */
import type { RulesAuth } from "../rules/api.js";

export type Caller = { kind: "admin" } | { kind: "user"; auth: RulesAuth | null };

export const ADMIN: Caller = { kind: "admin" };
export const VISITOR: Caller = { kind: "user", auth: null };

export class InvalidTokenError extends Error {}

export function callerFromAuthorizationHeader(header: string | undefined | null): Caller {
  if (!header) return VISITOR;
  const match = /^(Bearer|Firebase)\s+(.+)$/i.exec(header.trim());
  if (!match) throw new InvalidTokenError("Authorization header must be 'Bearer <token>'.");
  const token = match[2]!.trim();
  if (token === "owner") return ADMIN;
  return { kind: "user", auth: decodeIdToken(token) };
}

/** Decodes the payload of a JWT without checking its signature. */
export function decodeIdToken(token: string): RulesAuth {
  const parts = token.split(".");
  if (parts.length < 2) throw new InvalidTokenError("Malformed ID token: expected a JWT.");
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
  } catch {
    throw new InvalidTokenError("Malformed ID token: payload is not JSON.");
  }
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) {
    throw new InvalidTokenError("Malformed ID token: payload is not an object.");
  }
  const record = claims as Record<string, unknown>;
  const uid = record.user_id ?? record.sub ?? record.uid;
  if (typeof uid !== "string" || uid === "") {
    throw new InvalidTokenError("ID token has no subject (sub / user_id).");
  }
  return { uid, token: record };
}
