/** A member's KVKK rights from the account page: their data as a download, and erasure. */
import { messages } from "@platform/common";
import { adminAuth, bucket, db } from "../firebase.js";
import { ApiError, notFound } from "../http/errors.js";
import { IdentityError, authCode, signInWithPassword } from "../infra/identity.js";
import * as limits from "../infra/rate-limits.js";
import { runAccountDeletion, startAccountDeletion } from "./account-deletion.js";
import { type AccountExport, exportAccount } from "./account-export.js";

export async function ownExport(uid: string, now: Date): Promise<AccountExport> {
  const data = await exportAccount(uid, now);
  if (!data) throw notFound(messages.users.notFound);
  return data;
}

/**
 * Deletes the caller's account once their password is proven again. Wrong passwords count against
 * a per-account budget (the login limiter's arithmetic); nothing changes on a wrong one.
 */
export async function deleteOwnAccount(uid: string, password: string, now: Date): Promise<void> {
  const budget = [{ limit: "deletionPasswordFailuresPerAccount" as const, key: uid }];
  await limits.assertNotSpent(budget, now);
  let email: string | undefined;
  try {
    email = (await adminAuth().getUser(uid)).email;
  } catch (err) {
    if (authCode(err) === "auth/user-not-found") throw notFound(messages.users.notFound);
    throw err;
  }
  if (!email) throw notFound(messages.users.notFound);
  try {
    await signInWithPassword(email, password);
  } catch (err) {
    if (err instanceof IdentityError && err.status < 500) {
      await limits.record(budget, now);
      throw new ApiError(403, messages.account.deletePasswordWrong);
    }
    throw err;
  }
  await startAccountDeletion(db(), uid, email, now);
  await runAccountDeletion({ db: db(), auth: adminAuth(), bucket: bucket() }, uid, now);
}
