/** A member's KVKK rights from the account page: their data as a download, and erasure. */
import { messages } from "@platform/common";
import { forbidden, notFound } from "../domain/errors.js";
import { IdentityError, authCode } from "../infra/identity.js";
import * as limits from "../infra/rate-limits.js";
import { runAccountDeletion, startAccountDeletion } from "./account-deletion.js";
import { type AccountExport, exportAccount } from "./account-export.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

export async function ownExport(
  uid: string,
  now: Date,
  deps: ServiceDeps = productionDeps(),
): Promise<AccountExport> {
  const data = await exportAccount(uid, now, deps);
  if (!data) throw notFound(messages.users.notFound);
  return data;
}

/**
 * Deletes the caller's account once their password is proven again. Wrong passwords count against
 * a per-account budget (the login limiter's arithmetic); nothing changes on a wrong one.
 */
export async function deleteOwnAccount(
  uid: string,
  password: string,
  now: Date,
  deps: ServiceDeps = productionDeps(),
): Promise<void> {
  const { db } = deps;
  const budget = [{ limit: "deletionPasswordFailuresPerAccount" as const, key: uid }];
  await limits.assertNotSpent(budget, now, db);
  let email: string | undefined;
  try {
    email = (await deps.auth.getUser(uid)).email;
  } catch (err) {
    if (authCode(err) === "auth/user-not-found") throw notFound(messages.users.notFound);
    throw err;
  }
  if (!email) throw notFound(messages.users.notFound);
  try {
    await deps.identity.signInWithPassword(email, password);
  } catch (err) {
    if (err instanceof IdentityError && err.status < 500) {
      await limits.record(budget, now, db);
      throw forbidden(messages.account.deletePasswordWrong);
    }
    throw err;
  }
  await startAccountDeletion(db, uid, email, now);
  await runAccountDeletion(deps, uid, now);
}
