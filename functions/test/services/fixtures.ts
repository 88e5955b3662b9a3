/** Small local fixtures for the service suites: a member with an Auth account and profile docs. */
import type { ServiceWorld } from "./harness.js";
import { uniqueEmail } from "./harness.js";
import { addUser } from "../jobs/fixtures.js";

export const PASSWORD = "Gizli-Sifre-123";

/** An Auth account (verified e-mail, PASSWORD) with a complete profile; returns uid and e-mail. */
export async function member(
  w: ServiceWorld,
  over: Record<string, unknown> = {},
  extra: { iban?: string } = {},
): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail();
  const user = await w.deps.auth.createUser({ email, password: PASSWORD, emailVerified: true });
  await addUser(w.db, user.uid, over, { email, ...extra });
  return { uid: user.uid, email };
}

/** A viewer as the http layer hands it to the services. */
export const viewer = (uid: string, role: "hr" | "admin" | "ops" | null = null) => ({
  uid,
  email: null,
  emailVerified: true,
  role,
  authTime: null,
});
