/**
 * The three registration steps (design §4). Step 1 creates an unverified Auth account and mails a
 * six-digit code; starting an unfinished registration over replaces that account with a new uid, so
 * every earlier password, ID token and refresh token of the address dies with it. Step 2 proves
 * the code and hands out a single-use registration token; from then on only its holder can finish
 * (step 3) and nobody can start the address over until the registration closes.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { DocumentReference } from "firebase-admin/firestore";
import { FieldValue } from "firebase-admin/firestore";
import {
  consentVersions,
  CODE_TTL_MS,
  type MemberType,
  type RegistrationDoc,
  type UserDoc,
  buildSearchKeys,
  codeCheckState,
  generateCode,
  MAX_CODE_ATTEMPTS,
  RESEND_INTERVAL_MS,
  messages,
  paths,
  provenRegistrationOpen,
  registrationExpiry,
  registrationKey,
  resendWaitSeconds,
  newUserProfile,
  newUserDetails,
} from "@platform/common";
import { adminAuth, db } from "../firebase.js";
import { ApiError, badRequest, conflict, notFound } from "../http/errors.js";
import { toDate, ts } from "../infra/firestore.js";
import { authCode } from "../infra/identity.js";
import { queueMail, verificationCodeMail } from "../infra/mail.js";
import { addressKey } from "../http/limits.js";
import { consume } from "../infra/rate-limits.js";
import { contactRef, detailsRef, assertKnownPositions, userRef } from "./refs.js";

const registrationRef = (email: string) =>
  db()
    .collection(paths.registrations)
    .doc(registrationKey(email)) as DocumentReference<RegistrationDoc>;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hashCode = (uid: string, code: string) => sha256(`${uid}:${code}`);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

const isProvenAndOpen = (reg: RegistrationDoc, now: Date) =>
  provenRegistrationOpen(
    {
      verified: reg.verified,
      expiresAt: toDate(reg.expiresAt),
      lastSentAt: toDate(reg.lastSentAt)!,
    },
    now,
  );

export async function authUserByEmail(email: string) {
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

function newRegistration(uid: string, email: string, code: string, now: Date): RegistrationDoc {
  return {
    uid,
    email,
    codeHash: hashCode(uid, code),
    codeExpiresAt: ts(new Date(now.getTime() + CODE_TTL_MS)),
    attempts: 0,
    lastSentAt: ts(now),
    verified: false,
    tokenHash: null,
    expiresAt: null,
  };
}

/**
 * The uid of an unfinished registration of `email` that step 1 may start over, or an error: the
 * address belongs to a member (409), its code is proven and the registration still open (409), or
 * a code was sent less than a minute ago (429).
 */
async function restartableUid(uid: string, email: string, now: Date): Promise<string> {
  const [regSnap, profileSnap] = await Promise.all([
    registrationRef(email).get(),
    userRef(uid).get(),
  ]);
  const reg = regSnap.exists ? regSnap.data()! : null;
  if (!reg || reg.uid !== uid || profileSnap.data()?.profileComplete) {
    throw conflict(messages.auth.emailInUse);
  }
  if (isProvenAndOpen(reg, now)) throw conflict(messages.auth.registrationLocked);
  const wait = resendWaitSeconds(toDate(reg.lastSentAt)!, now);
  if (wait > 0) throw new ApiError(429, messages.auth.codeResendWait(wait), { retryAfter: wait });
  return uid;
}

async function createAuthUser(name: string, email: string, password: string): Promise<string> {
  try {
    const user = await adminAuth().createUser({
      email,
      password,
      displayName: name,
      emailVerified: false,
    });
    return user.uid;
  } catch (err) {
    if (authCode(err) === "auth/email-already-exists") throw conflict(messages.auth.emailInUse);
    if (authCode(err) === "auth/invalid-password")
      throw badRequest(messages.auth.passwordMinLength);
    throw err;
  }
}

/**
 * Step 1. Posting it again for an unfinished, unproven registration (at most once a minute) starts
 * over: the old Auth account is deleted (its tokens with it) and its documents replaced by those
 * of a new account with the new name and password.
 */
export async function registerStep1(
  input: { name: string; email: string; password: string },
  now: Date,
): Promise<{ created: boolean; sent: CodeSent }> {
  const { name, email, password } = input;
  const existing = await authUserByEmail(email);
  const oldUid = existing ? await restartableUid(existing.uid, email, now) : null;
  // The address's daily budget of codes: a resend or a restart spends it like the first code.
  await consume([addressKey("codesPerAddress", email)], now);
  if (oldUid) await adminAuth().deleteUser(oldUid);

  const uid = await createAuthUser(name, email, password);
  const code = generateCode(randomInt);
  try {
    const batch = db().batch();
    if (oldUid) {
      batch.delete(userRef(oldUid));
      batch.delete(contactRef(oldUid));
      batch.delete(detailsRef(oldUid));
    }
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
  const sent: CodeSent = {
    email,
    codeExpiresInSeconds: CODE_TTL_MS / 1000,
    resendAfterSeconds: RESEND_INTERVAL_MS / 1000,
  };
  return { created: oldUid === null, sent };
}

/**
 * Step 2: checks the code; five wrong tries or ten minutes end it. The first right code returns
 * the registration token step 3 needs; a proven registration hands out no second one.
 */
export async function registerStep2(input: { email: string; verificationCode: string }, now: Date) {
  const ref = registrationRef(input.email);
  const registrationToken = randomBytes(32).toString("base64url");
  const outcome = await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return "NOT_FOUND" as const;
    const reg = snap.data()!;
    const state = codeCheckState(
      { codeExpiresAt: toDate(reg.codeExpiresAt)!, attempts: reg.attempts, verified: reg.verified },
      now,
    );
    if (state === "VERIFIED") return isProvenAndOpen(reg, now) ? "LOCKED" : ("EXPIRED" as const);
    if (state !== "CHECKABLE") return state;
    if (!sameHash(reg.codeHash, hashCode(reg.uid, input.verificationCode))) {
      tx.update(ref, { attempts: FieldValue.increment(1) });
      return reg.attempts + 1 >= MAX_CODE_ATTEMPTS
        ? ("LAST_ATTEMPT_FAILED" as const)
        : ("WRONG" as const);
    }
    tx.update(ref, {
      verified: true,
      tokenHash: sha256(registrationToken),
      expiresAt: ts(registrationExpiry(now)),
    });
    tx.set(contactRef(reg.uid), { isEmailVerified: true }, { merge: true });
    return { uid: reg.uid };
  });
  switch (outcome) {
    case "NOT_FOUND":
      throw notFound(messages.auth.registrationNotFound);
    case "LOCKED":
      throw conflict(messages.auth.registrationLocked);
    case "EXPIRED":
      throw new ApiError(410, messages.auth.codeExpired);
    case "TOO_MANY_ATTEMPTS":
    case "LAST_ATTEMPT_FAILED":
      throw new ApiError(429, messages.auth.codeTooManyAttempts);
    case "WRONG":
      throw badRequest(messages.auth.codeInvalid);
  }
  await adminAuth().updateUser(outcome.uid, { emailVerified: true });
  return { email: input.email, verified: true, registrationToken };
}

/** Whether `token` is the registration's token and the registration is still open. */
function holdsToken(reg: RegistrationDoc, token: string, now: Date): boolean {
  return (
    token !== "" &&
    typeof reg.tokenHash === "string" &&
    sameHash(reg.tokenHash, sha256(token)) &&
    isProvenAndOpen(reg, now)
  );
}

/**
 * Step 3: career details and consents, only with the registration token of step 2; completes the
 * profile and ends the registration, so the token works once. The holder of that token proved the
 * code from this browser, so the answer carries a custom token that signs the new member in — the
 * step-1 password is not needed again (it is gone after a reload between the steps).
 */
export async function registerStep3(
  input: {
    email: string;
    registrationToken: string;
    type: MemberType;
    position: string;
    skills: { name: string }[];
  },
  now: Date,
) {
  await assertKnownPositions([input.position], messages.users.positionUnknown);
  const ref = registrationRef(input.email);
  const completed = await db().runTransaction(async (tx) => {
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
    if (!holdsToken(reg, input.registrationToken, now)) {
      throw new ApiError(403, messages.auth.registrationTokenInvalid);
    }
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
          versions: consentVersions(),
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
  return { ...completed, customToken: await adminAuth().createCustomToken(completed.userId) };
}
