/**
 * Attacks on registration and account takeover, performed against the whole local stack over HTTP
 * and with the Firebase client SDK as an attacker would: registering someone else's address first
 * and keeping the session, finishing step 3 for a stranger, Turkish case folding of e-mails, an
 * e-mail change with an old sign-in, and open redirects from the confirmation link.
 */
import { deleteApp, initializeApp } from "firebase/app";
import { type User, connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  messages,
  nameFields,
  newUserDetails,
  newUserProfile,
  paths,
  registrationKey,
} from "@platform/common";
import { contract } from "@platform/common/api";
import {
  ApiClient,
  type ApiResult,
  adminForStack,
  unsignedIdToken,
  route,
} from "../support/api-client.js";
import { latestMailText } from "../support/member-stack.js";
import { AUTH_HOST, PROJECT_ID } from "../support/stack-env.js";

const hosting = inject("stackUrls").hosting!;
const admin = adminForStack();
const { db, auth } = admin;
const run = Date.now().toString(36);
const mail = (tag: string) => `${tag}.${run}@ornek.com.tr`;
const POSITION = "Frontend Developer";
const sdkApp = initializeApp({ apiKey: "demo-api-key", projectId: PROJECT_ID }, `attacker-${run}`);
const sdkAuth = getAuth(sdkApp);
connectAuthEmulator(sdkAuth, `http://${AUTH_HOST}`, { disableWarnings: true });

beforeAll(async () => {
  await db.doc(paths.lookup("positionNames")).set({ names: [POSITION, "Tester"] });
});

afterAll(async () => {
  await deleteApp(sdkApp);
  await admin.close();
});

const api = () => new ApiClient(hosting);
const registrationDoc = (email: string) =>
  db.collection(paths.registrations).doc(registrationKey(email));
const mailCount = async (to: string) =>
  (await db.collection(paths.mail).where("to", "==", to).count().get()).data().count;
const codeIn = async (email: string, after: number) =>
  /kodunuz: (\d{6})/.exec(await latestMailText(email, after))![1]!;
/** Lets step 1 be posted again at once (it is throttled to once a minute). */
const pretendMinutePassed = (email: string) =>
  registrationDoc(email).update({ lastSentAt: new Date(Date.now() - 61_000) });

const consents = { contractofUse: true, privacyPolicy: true, contentPolicy: true };
const career = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  type: "SENIOR",
  position: POSITION,
  skills: ["React"],
  ...consents,
  ...extra,
});

/** Everything registration writes for `uid`, to prove a refused call changed nothing. */
async function writtenFor(uid: string, email: string) {
  const docs = await Promise.all([
    db.doc(paths.user(uid)).get(),
    db.doc(paths.userContact(uid)).get(),
    db.doc(paths.userDetails(uid)).get(),
    registrationDoc(email).get(),
  ]);
  return JSON.stringify(docs.map((d) => d.data() ?? null));
}

/** Steps 1 and 2 for a fresh address; returns the uid and the registration token. */
async function registerAndProve(email: string, name: string, password: string) {
  const before = Date.now() - 1000;
  const step1 = await api().call(...route(contract.auth.registerStep1), {
    body: { name, email, password },
  });
  expect(step1.status).toBe(201);
  const step2 = await api().call<{ data: { registrationToken: string } }>(
    ...route(contract.auth.registerStep2),
    { body: { email, verificationCode: await codeIn(email, before) } },
  );
  expect(step2.status).toBe(200);
  const token = step2.body.data.registrationToken;
  expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  return { uid: (await auth.getUserByEmail(email)).uid, token };
}

function expectRefused(r: ApiResult, status: number, message: string) {
  expect(r.status).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.message).toBe(message);
}

describe("registering someone else's address first", () => {
  const victim = mail("kurban");
  const attackerPassword = "Saldirgan-Sifre-1";
  const victimPassword = "Kurban-Sifre-1";
  let attacker: User;
  let attackerUid = "";
  let attackerIdToken = "";
  const attackerApi = api();

  it("kills every credential of the unfinished registration when the owner starts over", async () => {
    const first = await attackerApi.call(...route(contract.auth.registerStep1), {
      body: { name: "Saldırgan Kişi", email: victim, password: attackerPassword },
    });
    expect(first.status).toBe(201);
    // Unverified accounts can sign in: the attacker holds an ID token, a refresh token and a
    // session cookie of the API, and the token is accepted for changes.
    attacker = (await signInWithEmailAndPassword(sdkAuth, victim, attackerPassword)).user;
    attackerUid = attacker.uid;
    attackerIdToken = await attacker.getIdToken();
    const csrf = (await attackerApi.call<{ csrfToken: string }>(...route(contract.auth.csrfToken)))
      .body.csrfToken;
    const login = await attackerApi.call(...route(contract.auth.login), {
      withCookies: true,
      csrf,
      body: { email: victim, password: attackerPassword },
    });
    expect(login.status).toBe(200);
    const meanwhile = await api().call(...route(contract.users.updateProfile), {
      token: attackerIdToken,
      body: { about: "önceden" },
    });
    expect(meanwhile.status).toBe(200);
    const renewed = await attackerApi.call(...route(contract.auth.refreshAccessToken), {
      withCookies: true,
      csrf,
    });
    expect(renewed.status).toBe(200);

    // The owner of the address registers (a minute later) and finishes all three steps.
    await pretendMinutePassed(victim);
    const before = Date.now() - 1000;
    const again = await api().call(...route(contract.auth.registerStep1), {
      body: { name: "Gerçek Sahip", email: victim, password: victimPassword },
    });
    expect(again.status).toBe(200);
    const victimUid = (await auth.getUserByEmail(victim)).uid;
    expect(victimUid).not.toBe(attackerUid);
    await expect(auth.getUser(attackerUid)).rejects.toMatchObject({
      code: "auth/user-not-found",
    });
    expect((await db.doc(paths.user(attackerUid)).get()).exists).toBe(false);
    expect((await db.doc(paths.userContact(attackerUid)).get()).exists).toBe(false);

    const step2 = await api().call<{ data: { registrationToken: string } }>(
      ...route(contract.auth.registerStep2),
      { body: { email: victim, verificationCode: await codeIn(victim, before) } },
    );
    expect(step2.status).toBe(200);
    const step3 = await api().call(...route(contract.auth.registerStep3), {
      body: career(victim, { registrationToken: step2.body.data.registrationToken }),
    });
    expect(step3.status).toBe(200);
    const victimBefore = await writtenFor(victimUid, victim);

    // The attacker's ID token authorises nothing any more: no e-mail change, no other change.
    const takeOver = await api().call(...route(contract.users.updateProfile), {
      token: attackerIdToken,
      body: { contactData: { email: mail("saldirgan") } },
    });
    expectRefused(takeOver, 401, messages.general.tokenUndecodable);
    const edit = await api().call(...route(contract.users.updateProfile), {
      token: attackerIdToken,
      body: { about: "ele geçirildi" },
    });
    expect(edit.status).toBe(401);
    const confirm = await api().call(...route(contract.auth.sendEmailConfirmation), {
      token: attackerIdToken,
      body: { email: victim },
    });
    expect(confirm.status).toBe(401);
    expect((await auth.getUser(victimUid)).email).toBe(victim);
    expect(await writtenFor(victimUid, victim)).toBe(victimBefore);

    // Nor does the refresh token: neither the SDK's nor the API session's.
    await expect(attacker.getIdToken(true)).rejects.toThrow();
    const refreshed = await attackerApi.call(...route(contract.auth.refreshAccessToken), {
      withCookies: true,
      csrf,
    });
    expectRefused(refreshed, 401, messages.auth.refreshInvalid);
    // And the attacker's password is gone; the owner's works.
    const oldPassword = await api().call(...route(contract.auth.login), {
      body: { email: victim, password: attackerPassword },
    });
    expectRefused(oldPassword, 401, messages.auth.loginInvalid);
    const owner = await api().call(...route(contract.auth.login), {
      body: { email: victim, password: victimPassword },
    });
    expect(owner.status).toBe(200);
  });
});

describe("a proven registration", () => {
  const email = mail("kanitli");
  let uid = "";
  let token = "";

  it("cannot be started over, and step 2 hands out no second token", async () => {
    ({ uid, token } = await registerAndProve(email, "Kanıtlı Kişi", "Kanitli-Sifre-1"));
    await pretendMinutePassed(email);
    const written = await writtenFor(uid, email);
    const restart = await api().call(...route(contract.auth.registerStep1), {
      body: { name: "Başka Biri", email, password: "Baska-Sifre-1" },
    });
    expectRefused(restart, 409, messages.auth.registrationLocked);
    expect((await auth.getUserByEmail(email)).uid).toBe(uid);
    expect(await writtenFor(uid, email)).toBe(written);

    const code = /kodunuz: (\d{6})/.exec(await latestMailText(email))![1]!;
    const secondToken = await api().call(...route(contract.auth.registerStep2), {
      body: { email, verificationCode: code },
    });
    expectRefused(secondToken, 409, messages.auth.registrationLocked);
    expect(JSON.stringify(secondToken.body)).not.toContain("registrationToken");
    expect(await writtenFor(uid, email)).toBe(written);
  });

  it("is finished only with its registration token, once", async () => {
    const before = await writtenFor(uid, email);
    const stranger = await api().call(...route(contract.auth.registerStep3), {
      body: career(email),
    });
    expectRefused(stranger, 403, messages.auth.registrationTokenInvalid);
    const forged = await api().call(...route(contract.auth.registerStep3), {
      body: career(email, { registrationToken: `${token.slice(0, -2)}xy` }),
    });
    expectRefused(forged, 403, messages.auth.registrationTokenInvalid);
    const empty = await api().call(...route(contract.auth.registerStep3), {
      body: career(email, { registrationToken: "" }),
    });
    expectRefused(empty, 403, messages.auth.registrationTokenInvalid);
    expect(await writtenFor(uid, email)).toBe(before);
    expect((await db.doc(paths.user(uid)).get()).data()!.profileComplete).toBe(false);

    const owner = await api().call(...route(contract.auth.registerStep3), {
      body: career(email, { registrationToken: token, type: "JUNIOR" }),
    });
    expect(owner.status).toBe(200);
    const done = await writtenFor(uid, email);
    expect((await db.doc(paths.user(uid)).get()).data()).toMatchObject({
      type: "JUNIOR",
      profileComplete: true,
    });

    const reused = await api().call(...route(contract.auth.registerStep3), {
      body: career(email, { registrationToken: token, type: "SENIOR" }),
    });
    expectRefused(reused, 409, messages.auth.registrationAlreadyComplete);
    expect(await writtenFor(uid, email)).toBe(done);
  });
});

describe("changing the e-mail", () => {
  /** A member without a password, so the Auth emulator keeps no "valid since" time for them. */
  async function member(tag: string) {
    const email = mail(tag);
    const { uid } = await auth.createUser({
      email,
      emailVerified: true,
      displayName: "Eski Giriş",
    });
    const now = new Date();
    await db.doc(paths.user(uid)).set({
      ...newUserProfile("Eski Giriş"),
      ...nameFields("Eski Giriş", POSITION),
      type: "JUNIOR",
      position: { name: POSITION },
      profileComplete: true,
      createdAt: now,
      updatedAt: now,
    });
    await db.doc(paths.userContact(uid)).set({ email, isEmailVerified: true });
    await db.doc(paths.userDetails(uid)).set(newUserDetails());
    return { uid, email };
  }

  it("needs a sign-in within five minutes and tells the old address", async () => {
    const { uid, email } = await member("eski-giris");
    const nowSeconds = Math.floor(Date.now() / 1000);
    const stale = unsignedIdToken({ uid, email, authTime: nowSeconds - 6 * 60 });
    const fresh = unsignedIdToken({ uid, email, authTime: nowSeconds - 60 });
    const target = mail("yeni-adres");
    const contact = async () => (await db.doc(paths.userContact(uid)).get()).data();
    const profile = async () => JSON.stringify((await db.doc(paths.user(uid)).get()).data());
    const profileBefore = await profile();

    const refused = await api().call(...route(contract.users.updateProfile), {
      token: stale,
      body: { contactData: { email: target }, about: "değişmemeli" },
    });
    expectRefused(refused, 401, messages.auth.recentLoginRequired);
    expect((await auth.getUser(uid)).email).toBe(email);
    expect(await contact()).toEqual({ email, isEmailVerified: true });
    expect(await profile()).toBe(profileBefore);
    expect(await mailCount(email)).toBe(0);

    // Other changes do not need a fresh sign-in.
    const about = await api().call(...route(contract.users.updateProfile), {
      token: stale,
      body: { about: "merhaba" },
    });
    expect(about.status).toBe(200);

    const changed = await api().call(...route(contract.users.updateProfile), {
      token: fresh,
      body: { contactData: { email: target } },
    });
    expect(changed.status).toBe(200);
    expect((await auth.getUser(uid)).email).toBe(target);
    expect(await contact()).toEqual({ email: target, isEmailVerified: false });
    const notice = await latestMailText(email);
    expect(notice).toContain(target);
    expect(notice).toContain("değiştirildi");
  });
});

describe("e-mail case folding", () => {
  it("folds without Turkish rules and refuses non-ASCII addresses", async () => {
    const typed = `Info.${run}@Gmail.com`;
    const folded = `info.${run}@gmail.com`;
    const turkishFolded = `ınfo.${run}@gmaıl.com`;
    const r = await api().call<{ data: { email: string } }>(...route(contract.auth.registerStep1), {
      body: { name: "Büyük Harf", email: typed, password: "Buyuk-Harf-1" },
    });
    expect(r.status).toBe(201);
    expect(r.body.data.email).toBe(folded);
    expect((await auth.getUserByEmail(folded)).email).toBe(folded);
    expect(await mailCount(folded)).toBe(1);
    expect(await mailCount(turkishFolded)).toBe(0);

    // A reset asked for with capitals reaches the same address.
    const reset = await api().call(...route(contract.auth.requestPasswordReset), {
      body: { email: `INFO.${run}@GMAIL.COM` },
    });
    expect(reset.status).toBe(200);
    expect(await mailCount(folded)).toBe(2);
    expect(await mailCount(turkishFolded)).toBe(0);

    for (const address of [turkishFolded, `İnfo.${run}@gmail.com`, `ayşe.${run}@ornek.com`]) {
      const refused = await api().call(...route(contract.auth.registerStep1), {
        body: { name: "Türkçe Harf", email: address, password: "Turkce-Harf-1" },
      });
      expectRefused(refused, 400, messages.auth.emailNotAscii);
      expect((await registrationDoc(address).get()).exists).toBe(false);
      expect(await mailCount(address)).toBe(0);
    }
  });
});

describe("the confirmation link's return address", () => {
  it.each([
    "/\\evil.example",
    "\\\\evil.example",
    "//evil.example",
    "/.//evil.example",
    "https://evil.example/x",
    "javascript:alert(1)",
    "/%5Cevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
  ])("keeps %j on the app's origin", async (continueUrl) => {
    const query = new URLSearchParams({ token: "gecersiz", continueUrl });
    const res = await fetch(`${hosting}/api/auth/verify-email?${query.toString()}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe("/?emailVerified=false");
    expect(new URL(location, hosting).origin).toBe(new URL(hosting).origin);
  });

  it("still returns to a path of the app", async () => {
    const query = new URLSearchParams({ token: "gecersiz", continueUrl: "/hesabim/ayse#ust" });
    const res = await fetch(`${hosting}/api/auth/verify-email?${query.toString()}`, {
      redirect: "manual",
    });
    expect(res.headers.get("location")).toBe("/hesabim/ayse?emailVerified=false#ust");
  });
});
