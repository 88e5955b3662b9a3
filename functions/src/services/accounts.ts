/**
 * Accounts: login and token refresh through the Auth REST API, e-mail confirmation and password
 * reset with Firebase Auth action codes. The registration steps are in registration.ts.
 */
import {
  type UserContactDoc,
  messages,
  safeReturnPath as sameOriginPath,
  sameEmail,
} from "@platform/common";
import { apiPath, contract } from "@platform/common/api";
import { appBaseUrl } from "../config.js";
import { forbidden, invalid, notFound, unauthenticated } from "../domain/errors.js";
import { IdentityError, authCode, oobCodeOf } from "../infra/identity.js";
import { emailConfirmationMail, passwordResetMail } from "../infra/mail.js";
import { authUserByEmail } from "./registration.js";
import { contactRef } from "./refs.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

/** Copies Auth's verified flag onto the contact record; returns the record as it now is. */
export async function syncEmailVerified(
  uid: string,
  verified: boolean,
  { db }: ServiceDeps = productionDeps(),
): Promise<UserContactDoc | null> {
  const snap = await contactRef(db, uid).get();
  const contact = snap.exists ? snap.data()! : null;
  if (contact && contact.isEmailVerified !== verified) {
    await contactRef(db, uid).update({ isEmailVerified: verified });
    return { ...contact, isEmailVerified: verified };
  }
  return contact;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
  email: string;
  expiresIn: number;
}

export async function login(
  email: string,
  password: string,
  deps: ServiceDeps = productionDeps(),
): Promise<Tokens> {
  let r;
  try {
    r = await deps.identity.signInWithPassword(email, password);
  } catch (err) {
    if (err instanceof IdentityError) {
      if (err.code === "USER_DISABLED") throw forbidden(messages.auth.accountDisabled);
      if (err.status < 500) throw unauthenticated(messages.auth.loginInvalid);
    }
    throw err;
  }
  const user = await deps.auth.getUser(r.localId);
  await syncEmailVerified(r.localId, user.emailVerified, deps);
  return {
    accessToken: r.idToken,
    refreshToken: r.refreshToken,
    userId: r.localId,
    email: r.email,
    expiresIn: r.expiresIn,
  };
}

/** A refreshed token of a deleted, disabled or revoked account is no session. */
const REVOKED_CODES = ["auth/id-token-revoked", "auth/user-disabled", "auth/user-not-found"];

export async function refresh(
  refreshToken: string,
  deps: ServiceDeps = productionDeps(),
): Promise<Tokens> {
  try {
    const r = await deps.identity.refreshIdToken(refreshToken);
    const decoded = await deps.auth.verifyIdToken(r.idToken, true);
    return {
      accessToken: r.idToken,
      refreshToken: r.refreshToken,
      userId: r.localId,
      email: decoded.email ?? "",
      expiresIn: r.expiresIn,
    };
  } catch (err) {
    if (
      (err instanceof IdentityError && err.status < 500) ||
      REVOKED_CODES.includes(authCode(err) ?? "")
    ) {
      throw unauthenticated(messages.auth.refreshInvalid);
    }
    throw err;
  }
}

/** A same-origin path to return to after confirming the e-mail; anything else becomes "/". */
export const safeReturnPath = (redirectUrl: string | undefined) =>
  sameOriginPath(redirectUrl, appBaseUrl());

export async function sendEmailConfirmation(
  uid: string,
  input: { email: string; redirectUrl?: string },
  now: Date,
  deps: ServiceDeps = productionDeps(),
): Promise<"SENT" | "ALREADY_VERIFIED"> {
  const user = await deps.auth.getUser(uid);
  if (!user.email || !sameEmail(user.email, input.email)) {
    throw invalid(messages.auth.emailConfirmationMismatch);
  }
  if (user.emailVerified) {
    await syncEmailVerified(uid, true, deps);
    return "ALREADY_VERIFIED";
  }
  const oobCode = oobCodeOf(await deps.auth.generateEmailVerificationLink(user.email));
  const link =
    `${appBaseUrl()}${apiPath(contract.auth.verifyEmail)}?token=${encodeURIComponent(oobCode)}` +
    `&continueUrl=${encodeURIComponent(safeReturnPath(input.redirectUrl))}`;
  const batch = deps.db.batch();
  deps.mail.queue(batch, emailConfirmationMail(user.email, link), now);
  await batch.commit();
  return "SENT";
}

/** The mailed confirmation link: applies the action code and marks the contact verified. */
export async function verifyEmail(
  oobCode: string,
  deps: ServiceDeps = productionDeps(),
): Promise<boolean> {
  try {
    const email = await deps.identity.applyEmailVerification(oobCode);
    const user = await deps.auth.getUserByEmail(email);
    await syncEmailVerified(user.uid, true, deps);
    return true;
  } catch (err) {
    if (err instanceof IdentityError && err.status < 500) return false;
    throw err;
  }
}

export async function requestPasswordReset(
  email: string,
  now: Date,
  deps: ServiceDeps = productionDeps(),
): Promise<void> {
  const user = await authUserByEmail(email, deps);
  if (!user || !user.email) throw notFound(messages.auth.resetEmailUnknown);
  const oobCode = oobCodeOf(await deps.auth.generatePasswordResetLink(user.email));
  const link = `${appBaseUrl()}/yeni_sifre_belirle?token=${encodeURIComponent(oobCode)}`;
  const batch = deps.db.batch();
  deps.mail.queue(batch, passwordResetMail(user.email, link), now);
  await batch.commit();
}

export async function resetPassword(
  token: string,
  newPassword: string,
  deps: ServiceDeps = productionDeps(),
): Promise<void> {
  try {
    await deps.identity.resetPassword(token, newPassword);
  } catch (err) {
    if (err instanceof IdentityError && err.status < 500) {
      if (err.code === "WEAK_PASSWORD") throw invalid(messages.auth.passwordRule);
      throw invalid(messages.auth.resetLinkInvalid);
    }
    throw err;
  }
}
