/**
 * Grants or removes a staff role (custom claim `role`, design §4) and mirrors it on the member's
 * private details document.
 *
 *   npx tsx functions/scripts/grant-role.ts <email|uid> <hr|ops|admin|none>
 *
 * Against the local stack set FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST (as
 * `npm start` prints); against a real project use Application Default Credentials and
 * GCLOUD_PROJECT.
 */
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { ROLES, type Role, paths } from "@platform/common";

async function main() {
  const [who, roleArg] = process.argv.slice(2);
  if (!who || !roleArg || !([...ROLES, "none"] as string[]).includes(roleArg)) {
    console.error(`usage: grant-role <email|uid> <${ROLES.join("|")}|none>`);
    process.exit(2);
  }
  const role: Role | null = roleArg === "none" ? null : (roleArg as Role);
  const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? "demo-platform" });
  const auth = getAuth(app);
  const user = who.includes("@") ? await auth.getUserByEmail(who) : await auth.getUser(who);
  const claims = { ...(user.customClaims ?? {}) };
  if (role) claims.role = role;
  else delete claims.role;
  await auth.setCustomUserClaims(user.uid, claims);
  await getFirestore(app).doc(paths.userDetails(user.uid)).set({ role }, { merge: true });
  console.log(`${user.email ?? user.uid}: role ${role ?? "(none)"}; signs in again to use it.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
