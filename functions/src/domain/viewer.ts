/** Who is asking: the verified caller as the services see it (the http layer verifies the token). */
import type { Role } from "@platform/common";

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  role: Role | null;
  /** When the caller last signed in with a password (`auth_time`, seconds since the epoch). */
  authTime: number | null;
}

export const isStaff = (user: AuthUser | null, ...roles: Role[]) =>
  !!user?.role && (roles.length === 0 ? true : roles.includes(user.role));
