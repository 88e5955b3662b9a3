/**
 * Accounts: the three registration steps (design §4), login and token refresh through the Auth
 * REST API, e-mail confirmation and password reset with Firebase Auth action codes.
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { DocumentReference } from "firebase-admin/firestore";
import { FieldValue } from "firebase-admin/firestore";
import {
  CODE_TTL_MS,
  type MemberType,
  type RegistrationDoc,
  type UserContactDoc,
  type UserDoc,
  buildSearchKeys,
  codeCheckState,
  generateCode,
  MAX_CODE_ATTEMPTS,
  RESEND_INTERVAL_MS,
  messages,
  paths,
  registrationKey,
  resendWaitSeconds,
  trLower,
  nameFields,
  newUserProfile,
  newUserDetails,
} from "@platform/common";
import { appBaseUrl } from "../config.js";
import { adminAuth, db } from "../firebase.js";
import { ApiError, badRequest, conflict, notFound } from "../http/errors.js";
import { toDate, ts } from "../infra/firestore.js";
import {
  IdentityError,
  applyEmailVerification,
  authCode,
  oobCodeOf,
  refreshIdToken,
  resetPassword as resetPasswordRest,
  signInWithPassword,
} from "../infra/identity.js";
import {
  emailConfirmationMail,
  passwordResetMail,
  queueMail,
  verificationCodeMail,
} from "../infra/mail.js";
import { addressKey } from "../http/limits.js";
import { consume } from "../infra/rate-limits.js";
import { contactRef, detailsRef, assertKnownPositions, userRef } from "./refs.js";

const registrationRef = (email: string) =>
  db()
    .collection(paths.registrations)
    .doc(registrationKey(email)) as DocumentReference<RegistrationDoc>;

function hashCode(uid: string, code: string): string {
  return createHash("sha256").update(`${uid}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

async function authUserByEmail(email: string) {
  try {
    return await adminAuth().getUserByEmail(email);
  } catch (err) {
    if (authCode(err) === "auth/user-not-found") return null;
    throw err;
  }
}

export interface CodeSent {
  email: string;
  codeExpiresInSeconds: number;
  resendAfterSeconds: number;
}

function emptyProfile(name: string, now: Date): UserDoc {
  const t = ts(now);
  return { ...newUserProfile(name), createdAt: t, updatedAt: t };
}

/**
 * Step 1: creates the (unverified) Auth account and mails a six-digit code. Posting step 1 again
 * for a registration that has not been completed starts it over with the new name and password
 * and a new code (at most once a minute, and within the address's daily budget of codes).
 */
export async function registerStep1(
  input: { name: string; email: string; password: string },
  now: Date,
): Promise<{ created: boolean; sent: CodeSent }> {
  const { name, email, password } = input;
  const code = generateCode(randomInt);
  const sent: CodeSent = {
    email,
    codeExpiresInSeconds: CODE_TTL_MS / 1000,
    resendAfterSeconds: RESEND_INTERVAL_MS / 1000,
  };
  const existing = await authUserByEmail(email);
  if (existing) {
    const regSnap = await registrationRef(email).get();
    const reg = regSnap.exists ? regSnap.data()! : null;
    const profile = (await userRef(existing.uid).get()).data();
    if (!reg || reg.uid !== existing.uid || profile?.profileComplete) {
      throw conflict(messages.auth.emailInUse);
    }
    const wait = resendWaitSeconds(toDate(reg.lastSentAt)!, now);
    if (wait > 0) throw new ApiError(429, messages.auth.codeResendWait(wait), { retryAfter: wait });
    await consume([addressKey("codesPerAddress", email)], now);
    await adminAuth().updateUser(existing.uid, { password, displayName: name });
    const batch = db().batch();
    batch.set(registrationRef(email), newRegistration(existing.uid, email, code, now));
    batch.set(userRef(existing.uid), { ...nameFields(name), updatedAt: ts(now) }, { merge: true });
    queueMail(batch, verificationCodeMail(email, name, code), now);
    await batch.commit();
    return { created: false, sent };
  }

  await consume([addressKey("codesPerAddress", email)], now);
  let uid: string;
  try {
    uid = (
      await adminAuth().createUser({ email, password, displayName: name, emailVerified: false })
    ).uid;
  } catch (err) {
    if (authCode(err) === "auth/email-already-exists") throw conflict(messages.auth.emailInUse);
    if (authCode(err) === "auth/invalid-password") throw badRequest(messages.auth.passwordRule);
    throw err;
  }
  try {
    const batch = db().batch();
    batch.create(userRef(uid), emptyProfile(name, now));
    batch.create(contactRef(uid), { email, isEmailVerified: false });
    batch.create(detailsRef(uid), newUserDetails());
    batch.set(registrationRef(email), newRegistration(uid, email, code, now));
    queueMail(batch, verificationCodeMail(email, name, code), now);
    await batch.commit();
  } catch (err) {
    await adminAuth()
      .deleteUser(uid)
      .catch(() => undefined);
    throw err;
  }
  return { created: true, sent };
}

function newRegistration(uid: string, email: string, code: string, now: Date): RegistrationDoc {
  return {
    uid,
    email,
    codeHash: hashCode(uid, code),
    codeExpiresAt: ts(new Date(now.getTime() + CODE_TTL_MS)),
    attempts: 0,
    lastSentAt: ts(now),
    verified: false,
  };
}

/** Step 2: checks the code; five wrong tries or ten minutes end it. */
export async function registerStep2(input: { email: string; verificationCode: string }, now: Date) {
  const ref = registrationRef(input.email);
  const outcome = await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return "NOT_FOUND" as const;
    const reg = snap.data()!;
    const state = codeCheckState(
      { codeExpiresAt: toDate(reg.codeExpiresAt)!, attempts: reg.attempts, verified: reg.verified },
      now,
    );
    if (state === "VERIFIED") return { uid: reg.uid };
    if (state !== "CHECKABLE") return state;
    if (!sameHash(reg.codeHash, hashCode(reg.uid, input.verificationCode))) {
      tx.update(ref, { attempts: FieldValue.increment(1) });
      return reg.attempts + 1 >= MAX_CODE_ATTEMPTS
        ? ("LAST_ATTEMPT_FAILED" as const)
        : ("WRONG" as const);
    }
    tx.update(ref, { verified: true });
    tx.set(contactRef(reg.uid), { isEmailVerified: true }, { merge: true });
    return { uid: reg.uid };
  });
  switch (outcome) {
    case "NOT_FOUND":
      throw notFound(messages.auth.registrationNotFound);
    case "EXPIRED":
      throw new ApiError(410, messages.auth.codeExpired);
    case "TOO_MANY_ATTEMPTS":
    case "LAST_ATTEMPT_FAILED":
      throw new ApiError(429, messages.auth.codeTooManyAttempts);
    case "WRONG":
      throw badRequest(messages.auth.codeInvalid);
  }
  await adminAuth().updateUser(outcome.uid, { emailVerified: true });
  return { email: input.email, verified: true };
}

/** Step 3: career details and consents; completes the profile. */
export async function registerStep3(
  input: { email: string; type: MemberType; position: string; skills: { name: string }[] },
  now: Date,
) {
  await assertKnownPositions([input.position], messages.users.positionUnknown);
  const ref = registrationRef(input.email);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) {
      const existing = await authUserByEmail(input.email);
      if (existing && (await tx.get(userRef(existing.uid))).data()?.profileComplete) {
        throw conflict(messages.auth.registrationAlreadyComplete);
      }
      throw notFound(messages.auth.registrationNotFound);
    }
    const reg = snap.data()!;
    if (!reg.verified) throw new ApiError(403, messages.auth.registrationNotVerified);
    const userSnap = await tx.get(userRef(reg.uid));
    const user = userSnap.data();
    if (!user) throw notFound(messages.auth.registrationNotFound);
    const position = { name: input.position };
    tx.update(userRef(reg.uid), {
      type: input.type,
      position,
      skills: input.skills,
      profileComplete: true,
      searchKeys: buildSearchKeys(user.name, position.name),
      updatedAt: ts(now),
    });
    tx.set(
      detailsRef(reg.uid),
      {
        consents: {
          contractOfUse: true,
          privacyPolicy: true,
          contentPolicy: true,
          acceptedAt: ts(now),
        },
      },
      { merge: true },
    );
    tx.delete(ref);
    return {
      userId: reg.uid,
      name: user.name,
      userName: user.userName,
      type: input.type,
      position,
    };
  });
}

/** Keeps `isEmailVerified` of the contact document in step with Firebase Auth. */
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

export async function refresh(refreshToken: string): Promise<Tokens> {
  try {
    const r = await refreshIdToken(refreshToken);
    const decoded = await adminAuth().verifyIdToken(r.idToken);
    return {
      accessToken: r.idToken,
      refreshToken: r.refreshToken,
      userId: r.localId,
      email: decoded.email ?? "",
      expiresIn: r.expiresIn,
    };
  } catch (err) {
    if (err instanceof IdentityError && err.status < 500) {
      throw new ApiError(401, messages.auth.refreshInvalid);
    }
    throw err;
  }
}

/** A same-site path to return to after confirming the e-mail; anything else becomes "/". */
export function safeReturnPath(redirectUrl: string | undefined): string {
  if (!redirectUrl) return "/";
  if (redirectUrl.startsWith("/") && !redirectUrl.startsWith("//")) return redirectUrl;
  try {
    const url = new URL(redirectUrl);
    if (url.origin === new URL(appBaseUrl()).origin)
      return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // not a URL
  }
  return "/";
}

export async function sendEmailConfirmation(
  uid: string,
  input: { email: string; redirectUrl?: string },
  now: Date,
): Promise<"SENT" | "ALREADY_VERIFIED"> {
  const user = await adminAuth().getUser(uid);
  if (!user.email || trLower(user.email) !== trLower(input.email)) {
    throw badRequest(messages.auth.emailConfirmationMismatch);
  }
  if (user.emailVerified) {
    await syncEmailVerified(uid, true);
    return "ALREADY_VERIFIED";
  }
  const oobCode = oobCodeOf(await adminAuth().generateEmailVerificationLink(user.email));
  const link =
    `${appBaseUrl()}/api/auth/verify-email?token=${encodeURIComponent(oobCode)}` +
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
