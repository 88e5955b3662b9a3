/**
 * Firebase ID tokens as `Authorization: Bearer <token>`, verified with firebase-admin. Roles are
 * the custom claim `role` (docs/product-rules.md#access-staff).
 */
import type { Request } from "express";
import { ROLES, type Role } from "@platform/common";
import type { AuthUser } from "../domain/viewer.js";
import { adminAuth } from "../firebase.js";

// The caller's shape and the staff check live below HTTP, where the services use them too.
export { type AuthUser, isStaff } from "../domain/viewer.js";

export function bearerToken(req: Request): string | null {
  const header = req.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The verified caller, or null when there is no token or it does not verify. Revocation is
 * checked on every request: a token of a deleted, disabled or revoked account authorises nothing.
 */
export async function authenticate(req: Request): Promise<AuthUser | null> {
  const token = bearerToken(req);
  if (!token) return null;
  try {
    const decoded = await adminAuth().verifyIdToken(token, true);
    const role = (ROLES as readonly string[]).includes(String(decoded.role))
      ? (decoded.role as Role)
      : null;
    return {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      role,
      authTime: typeof decoded.auth_time === "number" ? decoded.auth_time : null,
    };
  } catch {
    return null;
  }
}
