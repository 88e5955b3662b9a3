/**
 * The three registration steps (docs/product-rules.md#registration-steps). Step 1 creates an unverified Auth account and mails a
 * six-digit code; starting an unfinished registration over replaces that account with a new uid, so
 * every earlier password, ID token and refresh token of the address dies with it. Step 2 proves
 * the code and hands out a single-use registration token; from then on only its holder can finish
 * (step 3) and nobody can start the address over until the registration closes.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { FieldValue, Timestamp } from "firebase-admin/firestore";
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
import {
  conflict,
  expired,
  forbidden,
  invalid,
  notFound,
  tooManyAttempts,
} from "../domain/errors.js";
import { toDate, ts } from "../infra/firestore.js";
import { authCode } from "../infra/identity.js";
import { verificationCodeMail } from "../infra/mail.js";
import { addressKey, consume } from "../infra/rate-limits.js";
import { contactRef, detailsRef, assertKnownPositions, userRef } from "./refs.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

const registrationRef = (db: Firestore, email: string) =>
  db
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

export async function authUserByEmail(email: string, deps: ServiceDeps = productionDeps()) {
  try {
    return await deps.auth.getUserByEmail(email);
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
    codeExpiresAt: Timestamp.fromMillis(now.getTime() + CODE_TTL_MS),
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
async function restartableUid(
  db: Firestore,
  uid: string,
  email: string,
  now: Date,
): Promise<string> {
  const [regSnap, profileSnap] = await Promise.all([
    registrationRef(db, email).get(),
    userRef(db, uid).get(),
  ]);
  const reg = regSnap.exists ? regSnap.data()! : null;
  if (!reg || reg.uid !== uid || profileSnap.data()?.profileComplete) {
    throw conflict(messages.auth.emailInUse);
  }
  if (isProvenAndOpen(reg, now)) throw conflict(messages.auth.registrationLocked);
  const wait = resendWaitSeconds(toDate(reg.lastSentAt)!, now);
  if (wait > 0) throw tooManyAttempts(messages.auth.codeResendWait(wait), wait);
  return uid;
}

async function createAuthUser(
  deps: ServiceDeps,
  name: string,
  email: string,
  password: string,
): Promise<string> {
  try {
    const user = await deps.auth.createUser({
      email,
      password,
      displayName: name,
      emailVerified: false,
    });
    return user.uid;
  } catch (err) {
    if (authCode(err) === "auth/email-already-exists") throw conflict(messages.auth.emailInUse);
    if (authCode(err) === "auth/invalid-password") throw invalid(messages.auth.passwordMinLength);
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
  deps: ServiceDeps = productionDeps(),
): Promise<{ created: boolean; sent: CodeSent }> {
  const { db } = deps;
  const { name, email, password } = input;
  const existing = await authUserByEmail(email, deps);
  const oldUid = existing ? await restartableUid(db, existing.uid, email, now) : null;
  // The address's daily budget of codes: a resend or a restart spends it like the first code.
  await consume([addressKey("codesPerAddress", email)], now, db);
  if (oldUid) await deps.auth.deleteUser(oldUid);

  const uid = await createAuthUser(deps, name, email, password);
  const code = generateCode(randomInt);
  try {
    const batch = db.batch();
    if (oldUid) {
      batch.delete(userRef(db, oldUid));
      batch.delete(contactRef(db, oldUid));
      batch.delete(detailsRef(db, oldUid));
    }
    batch.create(userRef(db, uid), emptyProfile(name, now));
    batch.create(contactRef(db, uid), { email, isEmailVerified: false });
    batch.create(detailsRef(db, uid), newUserDetails());
    batch.set(registrationRef(db, email), newRegistration(uid, email, code, now));
    deps.mail.queue(batch, verificationCodeMail(email, name, code), now);
    await batch.commit();
  } catch (err) {
    await deps.auth.deleteUser(uid).catch(() => undefined);
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
export async function registerStep2(
  input: { email: string; verificationCode: string },
  now: Date,
  deps: ServiceDeps = productionDeps(),
) {
  const { db } = deps;
  const ref = registrationRef(db, input.email);
  const registrationToken = randomBytes(32).toString("base64url");
  const outcome = await db.runTransaction(async (tx) => {
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
    tx.set(contactRef(db, reg.uid), { isEmailVerified: true }, { merge: true });
    return { uid: reg.uid };
  });
  switch (outcome) {
    case "NOT_FOUND":
      throw notFound(messages.auth.registrationNotFound);
    case "LOCKED":
      throw conflict(messages.auth.registrationLocked);
    case "EXPIRED":
      throw expired(messages.auth.codeExpired);
    case "TOO_MANY_ATTEMPTS":
    case "LAST_ATTEMPT_FAILED":
      throw tooManyAttempts(messages.auth.codeTooManyAttempts);
    case "WRONG":
      throw invalid(messages.auth.codeInvalid);
  }
  await deps.auth.updateUser(outcome.uid, { emailVerified: true });
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
  deps: ServiceDeps = productionDeps(),
) {
  const { db } = deps;
  await assertKnownPositions(db, [input.position], messages.users.positionUnknown);
  const ref = registrationRef(db, input.email);
  const completed = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) {
      const existing = await authUserByEmail(input.email, deps);
      if (existing && (await tx.get(userRef(db, existing.uid))).data()?.profileComplete) {
        throw conflict(messages.auth.registrationAlreadyComplete);
      }
      throw notFound(messages.auth.registrationNotFound);
    }
    const reg = snap.data()!;
    if (!reg.verified) throw forbidden(messages.auth.registrationNotVerified);
    if (!holdsToken(reg, input.registrationToken, now)) {
      throw forbidden(messages.auth.registrationTokenInvalid);
    }
    const userSnap = await tx.get(userRef(db, reg.uid));
    const user = userSnap.data();
    if (!user) throw notFound(messages.auth.registrationNotFound);
    const position = { name: input.position };
    tx.update(userRef(db, reg.uid), {
      type: input.type,
      position,
      skills: input.skills,
      profileComplete: true,
      searchKeys: buildSearchKeys(user.name, position.name),
      updatedAt: ts(now),
    });
    tx.set(
      detailsRef(db, reg.uid),
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
  return { ...completed, customToken: await deps.auth.createCustomToken(completed.userId) };
}
