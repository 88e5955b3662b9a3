/**
 * Grants or removes a staff role (custom claim `role`), mirrors it on the member's
 * private details document and records it in `roles/{uid}`, where the jobs find the admins and
 * operations specialists to mail (docs/operations.md).
 *
 *   npm run grant-role -- <email|uid> <hr|ops|admin|none> [--project <id>]
 *   (the same as npx tsx functions/scripts/grant-role.ts …)
 *
 * Against the local stack set FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST (as
 * `npm start` prints); against a real project use Application Default Credentials and
 * --project (or GCLOUD_PROJECT).
 */
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { Timestamp, getFirestore } from "firebase-admin/firestore";
import { DEMO_PROJECT_ID, ROLES, type Role, type RoleDoc, paths } from "@platform/common";

async function main() {
  const args = process.argv.slice(2);
  const flag = args.indexOf("--project");
  const [who, roleArg] = args.filter((_, i) => flag < 0 || (i !== flag && i !== flag + 1));
  if (!who || !roleArg || !([...ROLES, "none"] as string[]).includes(roleArg)) {
    console.error(`usage: grant-role <email|uid> <${ROLES.join("|")}|none>`);
    process.exit(2);
  }
  const role: Role | null = roleArg === "none" ? null : (roleArg as Role);
  const projectId = (flag >= 0 ? args[flag + 1] : undefined) ?? process.env.GCLOUD_PROJECT;
  const app = initializeApp({ projectId: projectId ?? DEMO_PROJECT_ID });
  const auth = getAuth(app);
  const user = who.includes("@") ? await auth.getUserByEmail(who) : await auth.getUser(who);
  const claims = { ...(user.customClaims ?? {}) };
  if (role) claims.role = role;
  else delete claims.role;
  await auth.setCustomUserClaims(user.uid, claims);
  const db = getFirestore(app);
  await db.doc(paths.userDetails(user.uid)).set({ role }, { merge: true });
  const roleRef = db.doc(`${paths.roles}/${user.uid}`);
  if (role) {
    const record: RoleDoc = { email: user.email ?? "", role, grantedAt: Timestamp.now() };
    await roleRef.set(record);
  } else {
    await roleRef.delete();
  }
  console.log(`${user.email ?? user.uid}: role ${role ?? "(none)"}; signs in again to use it.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
