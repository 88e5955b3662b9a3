/**
 * `npm run grant-role -- <email> <hr|ops|admin|none> [--project <id>]`: gives a member a staff
 * role, or takes it away with `none`. Sets the custom claim `role` (what firestore.rules and
 * /api check; the console cannot set claims) and records it in `roles/{uid}` (where the jobs find
 * the admins and operations specialists to mail). The member's next sign-in (or token refresh,
 * at most an hour later) carries the new role.
 */
import { deleteApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { Timestamp, getFirestore } from "firebase-admin/firestore";
import { ROLES, type Role, type RoleDoc, paths } from "@platform/common";
import { adminTarget, fail, positional } from "./admin-target.js";

const args = process.argv.slice(2);
const [email, wanted] = positional(args);
if (!email || !wanted || ![...ROLES, "none"].includes(wanted)) {
  fail(`usage: npm run grant-role -- <email> <${ROLES.join("|")}|none> [--project <id>]`);
}
const { app, description } = adminTarget(args, "grant-role");
try {
  const auth = getAuth(app);
  const user = await auth.getUserByEmail(email.trim().toLowerCase()).catch(() => null);
  if (!user) throw new Error(`no account with the e-mail ${email}`);
  const claims = { ...(user.customClaims ?? {}) };
  delete claims.role;
  const role = wanted === "none" ? null : (wanted as Role);
  await auth.setCustomUserClaims(user.uid, role ? { ...claims, role } : claims);
  const ref = getFirestore(app).doc(`${paths.roles}/${user.uid}`);
  if (role) {
    const doc: RoleDoc = { email: user.email ?? email, role, grantedAt: Timestamp.now() };
    await ref.set(doc);
  } else {
    await ref.delete();
  }
  console.log(
    role
      ? `✔ ${user.email} (${user.uid}) now has the role ${role} on ${description}`
      : `✔ ${user.email} (${user.uid}) has no role any more on ${description}`,
  );
  console.log("  It applies from the member's next sign-in (or token refresh, within an hour).");
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
