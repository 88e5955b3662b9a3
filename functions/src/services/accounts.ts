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
import { adminAuth, db } from "../firebase.js";
import { ApiError, badRequest, notFound } from "../http/errors.js";
import {
  IdentityError,
  applyEmailVerification,
  authCode,
  oobCodeOf,
  refreshIdToken,
  resetPassword as resetPasswordRest,
  signInWithPassword,
} from "../infra/identity.js";
import { emailConfirmationMail, passwordResetMail, queueMail } from "../infra/mail.js";
import { authUserByEmail } from "./registration.js";
import { contactRef } from "./refs.js";

/** Copies Auth's verified flag onto the contact record; returns the record as it now is. */
export async function syncEmailVerified(
  uid: string,
  verified: boolean,
): Promise<UserContactDoc | null> {
  const snap = await contactRef(uid).get();
  const contact = snap.exists ? snap.data()! : null;
  if (contact && contact.isEmailVerified !== verified) {
    await contactRef(uid).update({ isEmailVerified: verified });
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

export async function login(email: string, password: string): Promise<Tokens> {
  let r;
  try {
    r = await signInWithPassword(email, password);
  } catch (err) {
    if (err instanceof IdentityError) {
      if (err.code === "USER_DISABLED") throw new ApiError(403, messages.auth.accountDisabled);
      if (err.status < 500) throw new ApiError(401, messages.auth.loginInvalid);
    }
    throw err;
  }
  const user = await adminAuth().getUser(r.localId);
  await syncEmailVerified(r.localId, user.emailVerified);
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

export async function refresh(refreshToken: string): Promise<Tokens> {
  try {
    const r = await refreshIdToken(refreshToken);
    const decoded = await adminAuth().verifyIdToken(r.idToken, true);
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
      throw new ApiError(401, messages.auth.refreshInvalid);
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
): Promise<"SENT" | "ALREADY_VERIFIED"> {
  const user = await adminAuth().getUser(uid);
  if (!user.email || !sameEmail(user.email, input.email)) {
    throw badRequest(messages.auth.emailConfirmationMismatch);
  }
  if (user.emailVerified) {
    await syncEmailVerified(uid, true);
    return "ALREADY_VERIFIED";
  }
  const oobCode = oobCodeOf(await adminAuth().generateEmailVerificationLink(user.email));
  const link =
    `${appBaseUrl()}${apiPath(contract.auth.verifyEmail)}?token=${encodeURIComponent(oobCode)}` +
    `&continueUrl=${encodeURIComponent(safeReturnPath(input.redirectUrl))}`;
  const batch = db().batch();
  queueMail(batch, emailConfirmationMail(user.email, link), now);
  await batch.commit();
  return "SENT";
}

/** The mailed confirmation link: applies the action code and marks the contact verified. */
export async function verifyEmail(oobCode: string): Promise<boolean> {
  try {
    const email = await applyEmailVerification(oobCode);
    const user = await adminAuth().getUserByEmail(email);
    await syncEmailVerified(user.uid, true);
    return true;
  } catch (err) {
    if (err instanceof IdentityError && err.status < 500) return false;
    throw err;
  }
}

export async function requestPasswordReset(email: string, now: Date): Promise<void> {
  const user = await authUserByEmail(email);
  if (!user || !user.email) throw notFound(messages.auth.resetEmailUnknown);
  const oobCode = oobCodeOf(await adminAuth().generatePasswordResetLink(user.email));
  const link = `${appBaseUrl()}/yeni_sifre_belirle?token=${encodeURIComponent(oobCode)}`;
  const batch = db().batch();
  queueMail(batch, passwordResetMail(user.email, link), now);
  await batch.commit();
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  try {
    await resetPasswordRest(token, newPassword);
  } catch (err) {
    if (err instanceof IdentityError && err.status < 500) {
      if (err.code === "WEAK_PASSWORD") throw badRequest(messages.auth.passwordRule);
      throw badRequest(messages.auth.resetLinkInvalid);
    }
    throw err;
  }
}
