/**
 * The `/api` contract (docs/product-rules.md#api-calls) over HTTP through the Hosting emulator, against the whole local
 * stack: every row called with a good request (response shape asserted), without a token, with
 * another member's token, and with malformed input (400, a Turkish message, and firebase-admin
 * showing that nothing was written). The rows × cases table is printed at the end.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  type MemberType,
  type ProjectDoc,
  type TeamMemberSummary,
  type UserDoc,
  messages,
  slugifyName,
  nameFields,
  newUserDetails,
  newUserProfile,
} from "@platform/common";
import { type Endpoint, contract, endpoints } from "@platform/common/api";
import {
  ApiClient,
  Matrix,
  PNG_BYTES,
  adminForStack,
  bucketOf,
  idTokenFor,
  route,
} from "../support/api-client.js";
import { latestMailText } from "../support/member-stack.js";

const hosting = inject("stackUrls").hosting!;
const admin = adminForStack();
const { db, auth } = admin;
const client = new ApiClient(hosting);
const run = Date.now().toString(36);
const PASSWORD = "Parola123";
const CASES = ["good", "no token", "other's token", "malformed"];
const matrix = new Matrix(CASES);
const HOUR = 3600_000;

interface Member {
  uid: string;
  email: string;
  name: string;
  token: string;
}

/** A row of the table: the contract's endpoint in the notation of docs/product-rules.md#api-calls (`/users/{id}`). */
const rowOf = (e: Pick<Endpoint, "method" | "path">) =>
  `${e.method} ${e.path.replace(/:(\w+)/g, "{$1}")}`;

/** The endpoint of the contract a request goes to, by method and path (query aside). */
function endpointOf(method: string, path: string): Endpoint | undefined {
  const bare = path.split("?")[0]!.replace(/\/+$/, "") || "/";
  return endpoints.find(
    (e) =>
      e.method === method && new RegExp(`^${e.path.replace(/:\w+/g, "[^/]+")}$`, "i").test(bare),
  );
}

// Every request of the suite, so the last test can hold them against the contract.
const sent: { method: string; path: string; status: number }[] = [];
const callApi = client.call.bind(client);
client.call = (async (method: string, path: string, opts?: Parameters<typeof callApi>[2]) => {
  const r = await callApi(method, path, opts);
  sent.push({ method, path, status: r.status });
  return r;
}) as typeof client.call;

const mail = (tag: string) => `${tag}.${run}@ornek.com.tr`;
const ts = (ms: number) => Timestamp.fromMillis(ms);
// Turkish text: letters of the Turkish alphabet, or (docs/product-rules.md#audience writes some without diacritics) words.
const TURKISH = /[çğıöşüÇĞİÖŞÜ]|Lütfen|Geçersiz|gerekli|zorunlu|Sifre|karakter|Gecersiz/;

async function makeMember(
  tag: string,
  name: string,
  type: MemberType,
  position: string,
  extra: Partial<UserDoc> = {},
  role?: "hr" | "ops" | "admin",
): Promise<Member> {
  const email = mail(tag);
  const { uid } = await auth.createUser({
    email,
    password: PASSWORD,
    displayName: name,
    emailVerified: true,
  });
  if (role) await auth.setCustomUserClaims(uid, { role });
  const now = Timestamp.now();
  const user: UserDoc = {
    ...newUserProfile(name),
    ...nameFields(name, position),
    type,
    position: { name: position },
    address: "Türkiye - İstanbul",
    birthDate: "1999-04-23",
    skills: [{ name: "TypeScript" }],
    profileComplete: true,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
  await db.doc(`users/${uid}`).set(user);
  await db.doc(`users/${uid}/private/contact`).set({ email, isEmailVerified: true });
  await db.doc(`users/${uid}/private/details`).set({
    ...newUserDetails(),
    role: role ?? null,
    consents: { contractOfUse: true, privacyPolicy: true, contentPolicy: true, acceptedAt: now },
  });
  return { uid, email, name, token: await idTokenFor(email, PASSWORD) };
}

const summary = (m: Member, type: MemberType, positionName: string): TeamMemberSummary => ({
  uid: m.uid,
  name: m.name,
  userName: slugifyName(m.name),
  type,
  positionName,
});

async function makeProject(
  id: string,
  title: string,
  opts: {
    liveSince: number;
    managerId: string | null;
    team: TeamMemberSummary[];
    isLive?: boolean;
  },
) {
  const now = Timestamp.now();
  const doc: ProjectDoc = {
    title,
    definition: `${title} için tanım. Sunum: https://ornek.com.tr/sunum`,
    type: "WEB",
    status: "Ongoing",
    isLive: opts.isLive ?? true,
    goLiveAt: null,
    liveSince: ts(opts.liveSince),
    startedAt: ts(opts.liveSince),
    completed_percentage: 20,
    memberCount: opts.team.length,
    allPositionCount: opts.team.length,
    openPositionCount: 0,
    managerId: opts.managerId,
    imagePath: null,
    team: opts.team,
    memberIds: opts.team.map((t) => t.uid),
    createdAt: now,
    updatedAt: now,
  };
  await db.doc(`projects/${id}`).set(doc);
  for (const t of opts.team) {
    const positionId = `${id}-${t.uid.slice(0, 6)}`;
    await db.doc(`projects/${id}/positions/${positionId}`).set({
      projectId: id,
      positionId,
      positionName: t.positionName,
      type: t.type,
      expectations: [],
      status: "FILLED",
      windowStartsAt: ts(opts.liveSince),
      windowEndsAt: ts(opts.liveSince + 24 * HOUR),
      applicantCount: 1,
      filledBy: t.uid,
      createdAt: now,
      updatedAt: now,
    });
    await db.doc(`projects/${id}/members/${t.uid}`).set({
      uid: t.uid,
      name: t.name,
      userName: t.userName,
      type: t.type,
      positionId,
      positionName: t.positionName,
      active: true,
      joinedAt: ts(opts.liveSince),
      leftAt: null,
    });
    await db.doc(`users/${t.uid}`).update({ currentProjectId: id, currentProjectTitle: title });
  }
}

async function openPosition(projectId: string, positionId: string, name: string, type: MemberType) {
  const now = Date.now();
  await db.doc(`projects/${projectId}/positions/${positionId}`).set({
    projectId,
    positionId,
    positionName: name,
    type,
    expectations: ["React"],
    status: "OPEN",
    windowStartsAt: ts(now - HOUR),
    windowEndsAt: ts(now + 23 * HOUR),
    applicantCount: 0,
    filledBy: null,
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
}

const snapshot = async (path: string) => JSON.stringify((await db.doc(path).get()).data() ?? null);
const count = async (collection: string, field: string, value: unknown) =>
  (await db.collection(collection).where(field, "==", value).count().get()).data().count;

function expectTurkish400(r: { status: number; body: { success?: boolean; message?: string } }) {
  expect(r.status).toBe(400);
  expect(r.body.success).toBe(false);
  expect(typeof r.body.message).toBe("string");
  expect(r.body.message).toMatch(TURKISH);
}

function expect401(r: { status: number; body: { success?: boolean; message?: string } }) {
  expect(r.status).toBe(401);
  expect(r.body.success).toBe(false);
  expect(r.body.message).toBe(messages.general.unauthorized);
}

function mark(row: string, kase: string, status: number | string, note = "") {
  matrix.set(row, kase, status === "n/a" ? `n/a ${note}` : `✓ ${status}${note ? ` ${note}` : ""}`);
}

// People and places of the suite.
let pm: Member; // Junior Project Manager of P1
let dev: Member; // Junior Frontend Developer in P1
let senior: Member; // Senior mentor in P1
let leaver: Member; // Junior Tester in P1 who leaves
let seeker: Member; // Junior Frontend Developer without a project
let other: Member; // Junior Tester without a project: "another member"
let racer: Member; // Junior Backend Developer applying twice at once
let hr: Member;
const P1 = `p1-${run}`;
const P2 = `p2-${run}`;
const P3 = `p3-${run}`;
const HIDDEN = `hidden-${run}`;
const OPEN_FE = `open-fe-${run}`;
const P2_FE = `p2-fe-${run}`;
const RACE_A = `race-a-${run}`;
const RACE_B = `race-b-${run}`;

beforeAll(async () => {
  await db.doc("lookups/positionNames").set({
    names: [
      "Project Manager",
      "Frontend Developer",
      "Backend Developer",
      "Tester",
      "UI/UX Designer",
    ],
  });
  await db.doc("lookups/skills").set({ names: ["React", "TypeScript", "Figma", "Node.js"] });
  await db.doc("lookups/turkishLanguages").set({ names: ["Türkçe", "İngilizce", "Almanca"] });
  await db.doc("lookups/countries").set({
    items: [
      { isoCode: "TR", name: "Türkiye" },
      { isoCode: "DE", name: "Almanya" },
    ],
  });
  await db.doc("lookups/countries/cities/TR").set({ names: ["İzmir", "Ankara", "İstanbul"] });

  [pm, dev, senior, leaver, seeker, other, racer, hr] = await Promise.all([
    makeMember("pm", "Işıl Çağlar", "JUNIOR", "Project Manager"),
    makeMember("dev", "Emre Şahin", "JUNIOR", "Frontend Developer"),
    makeMember("senior", "Gülşen Öztürk", "SENIOR", "Backend Developer"),
    makeMember("leaver", "Onur Yıldız", "JUNIOR", "Tester"),
    makeMember("seeker", "Zeynep Aydın", "JUNIOR", "Frontend Developer"),
    makeMember("other", "Mert Kaya", "JUNIOR", "Tester"),
    makeMember("racer", "Selin Arslan", "JUNIOR", "Backend Developer"),
    makeMember("hr", "Ayşe İnsan", "SENIOR", "UI/UX Designer", {}, "hr"),
  ]);
  await makeProject(P1, "Gönüllü Eşleştirme Platformu", {
    liveSince: Date.now() - 14 * 24 * HOUR,
    managerId: pm.uid,
    team: [
      summary(pm, "JUNIOR", "Project Manager"),
      summary(dev, "JUNIOR", "Frontend Developer"),
      summary(senior, "SENIOR", "Backend Developer"),
      summary(leaver, "JUNIOR", "Tester"),
    ],
  });
  await openPosition(P1, OPEN_FE, "Frontend Developer", "JUNIOR");
  await openPosition(P1, RACE_A, "Backend Developer", "JUNIOR");
  // P2 went live seconds ago: until Saturday 12:00 only Junior Project Managers may apply.
  await makeProject(P2, "Mahalle Kütüphanesi", {
    liveSince: Date.now() - 10_000,
    managerId: null,
    team: [],
  });
  await openPosition(P2, P2_FE, "Frontend Developer", "JUNIOR");
  await makeProject(P3, "Kampüs Etkinlik Takvimi", {
    liveSince: Date.now() - 10 * 24 * HOUR,
    managerId: null,
    team: [],
  });
  await openPosition(P3, RACE_B, "Backend Developer", "JUNIOR");
  await makeProject(HIDDEN, "Sıradaki Proje", {
    liveSince: Date.now() + 5 * 24 * HOUR,
    managerId: null,
    team: [],
    isLive: false,
  });
}, 120_000);

afterAll(async () => {
  console.log(`\nAPI contract: docs/product-rules.md#api-calls rows × cases\n${matrix.render()}\n`);
  await admin.close();
});

describe("CSRF and the session cookie", () => {
  const row = rowOf(contract.auth.csrfToken);
  it("hands out a token and sets the httpOnly Secure SameSite __session cookie", async () => {
    const r = await client.call<{ csrfToken: string }>(...route(contract.auth.csrfToken));
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(typeof r.body.csrfToken).toBe("string");
    expect(r.body.csrfToken.length).toBeGreaterThan(16);
    const cookie = r.setCookie.find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    mark(row, "good", 200);
    mark(row, "no token", "n/a", "(public)");
    mark(row, "other's token", "n/a", "(public)");
    mark(row, "malformed", "n/a", "(no input)");
  });

  it("refuses a cookie-carrying state change without X-CSRF-Token (403, csrf false)", async () => {
    const r = await client.call(...route(contract.auth.logout), { withCookies: true });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, csrf: false });
    expect(r.body.message).toContain("CSRF");
  });
});

describe("registration", () => {
  const email = mail("yeni");
  let uid = "";
  let registrationToken = "";

  it("POST /auth/register-step-1", async () => {
    const row = rowOf(contract.auth.registerStep1);
    const bad = await client.call(...route(contract.auth.registerStep1), {
      body: { name: "ali veli", email: "not-an-email", password: PASSWORD },
    });
    expectTurkish400(bad);
    expect(await count("mail", "to", "not-an-email")).toBe(0);
    mark(row, "malformed", 400);

    const r = await client.call<{ data: { email: string } }>(
      ...route(contract.auth.registerStep1),
      {
        body: { name: "ayşe ılgın YILMAZ", email, password: PASSWORD },
      },
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      success: true,
      message: messages.auth.codeSent,
      data: { email },
    });
    uid = (await auth.getUserByEmail(email)).uid;
    const user = (await db.doc(`users/${uid}`).get()).data()!;
    expect(user.name).toBe("Ayşe Ilgın Yılmaz");
    expect(user.userName).toBe("ayse-ilgin-yilmaz");
    expect(user.profileComplete).toBe(false);
    const reg = (await db.doc(`registrations/${encodeURIComponent(email)}`).get()).data()!;
    expect(reg.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(reg.attempts).toBe(0);
    expect(reg.codeExpiresAt.toMillis() - reg.lastSentAt.toMillis()).toBe(10 * 60_000);
    expect(await count("mail", "to", email)).toBe(1);
    mark(row, "good", 201);
    mark(row, "no token", "n/a", "(public; good case is tokenless)");

    // Again within a minute: throttled, nothing new mailed. Taken e-mail: the product rules' message.
    const again = await client.call(...route(contract.auth.registerStep1), {
      token: other.token,
      body: { name: "Ayşe Yılmaz", email, password: PASSWORD },
    });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/saniye bekleyin/);
    expect(await count("mail", "to", email)).toBe(1);
    const taken = await client.call(...route(contract.auth.registerStep1), {
      body: { name: "Başka Biri", email: dev.email, password: PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.auth.emailInUse);
    mark(row, "other's token", 429, "(token ignored; resend throttled)");
  });

  it("POST /auth/register-step-2", async () => {
    const row = rowOf(contract.auth.registerStep2);
    const bad = await client.call(...route(contract.auth.registerStep2), {
      body: { email, verificationCode: "12ab" },
    });
    expectTurkish400(bad);
    expect(bad.body.message).toBe(messages.auth.codeInvalid);
    let reg = (await db.doc(`registrations/${encodeURIComponent(email)}`).get()).data()!;
    expect(reg.attempts).toBe(0);
    mark(row, "malformed", 400);

    const code = /(\d{6})/.exec(await latestMailText(email))![1]!;
    const wrong = await client.call(...route(contract.auth.registerStep2), {
      body: { email, verificationCode: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.auth.codeInvalid);
    reg = (await db.doc(`registrations/${encodeURIComponent(email)}`).get()).data()!;
    expect(reg.attempts).toBe(1);
    mark(row, "other's token", 400, "(wrong code counted)");

    const r = await client.call<{ data: { registrationToken: string } }>(
      ...route(contract.auth.registerStep2),
      { body: { email, verificationCode: code } },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { email, verified: true } });
    registrationToken = r.body.data.registrationToken;
    expect(registrationToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await auth.getUser(uid)).emailVerified).toBe(true);
    expect((await db.doc(`users/${uid}/private/contact`).get()).data()!.isEmailVerified).toBe(true);
    mark(row, "good", 200);
    mark(row, "no token", "n/a", "(public; good case is tokenless)");
  });

  it("POST /auth/register-step-3", async () => {
    const row = rowOf(contract.auth.registerStep3);
    const before = await snapshot(`users/${uid}`);
    const bad = await client.call(...route(contract.auth.registerStep3), {
      body: { email, type: "JUNIOR", position: "Tester", skills: ["React"], contractofUse: true },
    });
    expectTurkish400(bad);
    expect(bad.body.message).toBe(messages.auth.consentsRequired);
    expect(await snapshot(`users/${uid}`)).toBe(before);
    mark(row, "malformed", 400);

    const unknownPosition = await client.call(...route(contract.auth.registerStep3), {
      token: other.token,
      body: {
        email,
        type: "JUNIOR",
        position: "Astronot",
        contractofUse: "on",
        privacyPolicy: "on",
        contentPolicy: "on",
      },
    });
    expect(unknownPosition.status).toBe(400);
    expect(await snapshot(`users/${uid}`)).toBe(before);
    mark(row, "other's token", 400, "(token ignored; position checked)");

    const r = await client.call(...route(contract.auth.registerStep3), {
      body: {
        email,
        registrationToken,
        type: "Junior",
        position: "Tester",
        skills: ["React", { name: "Figma" }],
        contractofUse: "on",
        privacyPolicy: true,
        contentPolicy: "true",
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { userId: uid, type: "JUNIOR" } });
    const user = (await db.doc(`users/${uid}`).get()).data()!;
    expect(user).toMatchObject({
      profileComplete: true,
      type: "JUNIOR",
      position: { name: "Tester" },
      skills: [{ name: "React" }, { name: "Figma" }],
    });
    expect((await db.doc(`registrations/${encodeURIComponent(email)}`).get()).exists).toBe(false);
    mark(row, "good", 200);
    mark(row, "no token", "n/a", "(public; good case is tokenless)");
  });
});

describe("registration code limits", () => {
  it("locks the code after five wrong tries, refuses an expired one, and resends after a minute", async () => {
    const email = mail("kilit");
    const key = `registrations/${encodeURIComponent(email)}`;
    const step1 = { name: "Kilit Deneme", email, password: PASSWORD };
    expect((await client.call(...route(contract.auth.registerStep1), { body: step1 })).status).toBe(
      201,
    );
    const early = await client.call(...route(contract.auth.registerStep3), {
      body: {
        email,
        type: "JUNIOR",
        position: "Tester",
        contractofUse: true,
        privacyPolicy: true,
        contentPolicy: true,
      },
    });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(messages.auth.registrationNotVerified);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await client.call(...route(contract.auth.registerStep2), {
        body: { email, verificationCode: "999999" },
      });
      statuses.push(r.status);
    }
    // Four plain refusals, the fifth uses up the code, the sixth is refused without a check.
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    expect((await db.doc(key).get()).data()!.attempts).toBe(5);

    // A minute later a new code may be sent: attempts start again, the new code expires in time.
    await db.doc(key).update({ lastSentAt: ts(Date.now() - 61_000) });
    const resent = await client.call(...route(contract.auth.registerStep1), { body: step1 });
    expect(resent.status).toBe(200);
    expect(await count("mail", "to", email)).toBe(2);
    expect((await db.doc(key).get()).data()!.attempts).toBe(0);
    await db.doc(key).update({ codeExpiresAt: ts(Date.now() - 1) });
    const code = /(\d{6})/.exec(await latestMailText(email))![1]!;
    const expired = await client.call(...route(contract.auth.registerStep2), {
      body: { email, verificationCode: code },
    });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(messages.auth.codeExpired);
    expect((await db.doc(key).get()).data()!.verified).toBe(false);
  });
});

describe("sign-in", () => {
  it("POST /auth/login", async () => {
    const row = rowOf(contract.auth.login);
    const bad = await client.call(...route(contract.auth.login), { body: { email: dev.email } });
    expectTurkish400(bad);
    mark(row, "malformed", 400);

    const wrong = await client.call(...route(contract.auth.login), {
      body: { email: dev.email, password: "yanlis-sifre" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Lütfen e-posta ve şifrenizi kontrol ediniz");
    mark(row, "other's token", 401, "(wrong password)");

    const fresh = new ApiClient(hosting);
    const r = await fresh.call<{
      accessToken: string;
      data: { accessToken: string; userId: string };
    }>(...route(contract.auth.login), {
      body: { email: dev.email, password: PASSWORD, rememberMe: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.accessToken.split(".")).toHaveLength(3);
    expect(r.body.data).toMatchObject({ userId: dev.uid, accessToken: r.body.accessToken });
    const cookie = r.setCookie.find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=\d+/i);
    expect((await auth.verifyIdToken(r.body.accessToken)).uid).toBe(dev.uid);
    mark(row, "good", 200);
    mark(row, "no token", "n/a", "(public; good case is tokenless)");
  });

  it("POST /auth/refresh-access-token and POST /auth/logout", async () => {
    const browser = new ApiClient(hosting);
    const csrf = (await browser.call<{ csrfToken: string }>(...route(contract.auth.csrfToken))).body
      .csrfToken;
    const login = await browser.call(...route(contract.auth.login), {
      withCookies: true,
      csrf,
      body: { email: seeker.email, password: PASSWORD },
    });
    expect(login.status).toBe(200);

    const refreshRow = rowOf(contract.auth.refreshAccessToken);
    const noCsrf = await browser.call(...route(contract.auth.refreshAccessToken), {
      withCookies: true,
    });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body).toMatchObject({ csrf: false });
    const r = await browser.call<{ accessToken: string }>(
      ...route(contract.auth.refreshAccessToken),
      {
        withCookies: true,
        csrf,
      },
    );
    expect(r.status).toBe(200);
    expect((await auth.verifyIdToken(r.body.accessToken)).uid).toBe(seeker.uid);
    mark(refreshRow, "good", 200);

    const anonymous = await new ApiClient(hosting).call(...route(contract.auth.refreshAccessToken));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(messages.auth.refreshInvalid);
    mark(refreshRow, "no token", 401, "(no cookie)");

    const withOthersBearer = await new ApiClient(hosting).call(
      ...route(contract.auth.refreshAccessToken),
      {
        token: other.token,
      },
    );
    expect(withOthersBearer.status).toBe(401);
    mark(refreshRow, "other's token", 401, "(Bearer is not a refresh token)");

    const forged = new ApiClient(hosting);
    const nonce = "x".repeat(24);
    forged.cookie = `__session=${Buffer.from(JSON.stringify({ n: nonce, r: "bozuk-token" })).toString("base64url")}`;
    const garbage = await forged.call(...route(contract.auth.refreshAccessToken), {
      withCookies: true,
      csrf: nonce,
    });
    expect(garbage.status).toBe(401);
    expect(garbage.body.message).toBe(messages.auth.refreshInvalid);
    mark(refreshRow, "malformed", 401, "(garbage refresh token)");

    const logoutRow = rowOf(contract.auth.logout);
    const out = await browser.call(...route(contract.auth.logout), { withCookies: true, csrf });
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    const after = await browser.call(...route(contract.auth.refreshAccessToken), {
      withCookies: true,
      csrf,
    });
    expect(after.status).toBe(401);
    mark(logoutRow, "good", 200, "(refresh then 401)");
    const plain = await new ApiClient(hosting).call(...route(contract.auth.logout));
    expect(plain.status).toBe(200);
    mark(logoutRow, "no token", 200, "(idempotent)");
    const others = await new ApiClient(hosting).call(...route(contract.auth.logout), {
      token: other.token,
    });
    expect(others.status).toBe(200);
    mark(logoutRow, "other's token", 200, "(only clears this cookie)");
    const junk = await browser.call(...route(contract.auth.logout), {
      withCookies: true,
      csrf: "yanlis",
    });
    expect(junk.status).toBe(403);
    mark(logoutRow, "malformed", 403, "(bad CSRF token)");
  });
});

describe("e-mail confirmation and password reset", () => {
  it("POST /auth/send-email-confirmation (and the mailed link)", async () => {
    const row = rowOf(contract.auth.sendEmailConfirmation);
    const unverified = await makeMember("onay", "Deniz Koç", "JUNIOR", "Tester");
    await auth.updateUser(unverified.uid, { emailVerified: false });
    await db.doc(`users/${unverified.uid}/private/contact`).update({ isEmailVerified: false });
    const token = await idTokenFor(unverified.email, PASSWORD);

    const none = await client.call(...route(contract.auth.sendEmailConfirmation), {
      body: { email: unverified.email, redirectUrl: "/hesabim/deniz-koc" },
    });
    expect401(none);
    mark(row, "no token", 401);

    const others = await client.call(...route(contract.auth.sendEmailConfirmation), {
      token: other.token,
      body: { email: unverified.email, redirectUrl: "/hesabim/deniz-koc" },
    });
    expect(others.status).toBe(400);
    expect(others.body.message).toBe(messages.auth.emailConfirmationMismatch);
    expect(await count("mail", "to", unverified.email)).toBe(0);
    mark(row, "other's token", 400, "(not their e-mail; nothing mailed)");

    const bad = await client.call(...route(contract.auth.sendEmailConfirmation), {
      token,
      body: { email: 42 },
    });
    expectTurkish400(bad);
    expect(await count("mail", "to", unverified.email)).toBe(0);
    mark(row, "malformed", 400);

    const r = await client.call(...route(contract.auth.sendEmailConfirmation), {
      token,
      body: { email: unverified.email, redirectUrl: `${hosting}/hesabim/deniz-koc` },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(messages.auth.emailConfirmationSent);
    const sent = await latestMailText(unverified.email);
    const link = /(http\S+\/api\/auth\/verify-email\?\S+)/.exec(sent)![1]!;
    const follow = await fetch(link, { redirect: "manual" });
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/hesabim/deniz-koc?emailVerified=true");
    expect((await auth.getUser(unverified.uid)).emailVerified).toBe(true);
    expect(
      (await db.doc(`users/${unverified.uid}/private/contact`).get()).data()!.isEmailVerified,
    ).toBe(true);
    mark(row, "good", 200, "(link verifies)");
  });

  it("POST /auth/request-password-reset and POST /auth/reset-password", async () => {
    const person = await makeMember("sifre", "Burak Demir", "JUNIOR", "Tester");
    const requestRow = rowOf(contract.auth.requestPasswordReset);
    const bad = await client.call(...route(contract.auth.requestPasswordReset), { body: {} });
    expectTurkish400(bad);
    mark(requestRow, "malformed", 400);
    const unknown = await client.call(...route(contract.auth.requestPasswordReset), {
      body: { email: mail("kimse-yok") },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("E-posta adresi hatali veya sistemde kayitli degil.");
    mark(requestRow, "other's token", 404, "(unknown e-mail)");
    const r = await client.call(...route(contract.auth.requestPasswordReset), {
      body: { email: person.email },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Lutfen e-posta kutunuzu kontrol ediniz.");
    const text = await latestMailText(person.email);
    const link = /(http\S+\/yeni_sifre_belirle\?token=\S+)/.exec(text)![1]!;
    const token = new URL(link).searchParams.get("token")!;
    mark(requestRow, "good", 200, "(link to /yeni_sifre_belirle)");
    mark(requestRow, "no token", "n/a", "(public; good case is tokenless)");

    const resetRow = rowOf(contract.auth.resetPassword);
    const short = await client.call(...route(contract.auth.resetPassword), {
      body: { token, newPassword: "kisa" },
    });
    expectTurkish400(short);
    expect(short.body.message).toBe(
      "Sifre en az 8 karakter, bir buyuk harf ve bir rakam icermelidir.",
    );
    mark(resetRow, "malformed", 400);
    const forged = await client.call(...route(contract.auth.resetPassword), {
      token: other.token,
      body: { token: "uydurma-kod", newPassword: "YeniParola9" },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe("Gecersiz sifre sifirlama linki. Lutfen tekrar deneyiniz.");
    mark(resetRow, "other's token", 400, "(invalid link)");
    const ok = await client.call(...route(contract.auth.resetPassword), {
      body: { token, newPassword: "YeniParola9" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Sifreniz basariyla guncellendi.");
    expect(await idTokenFor(person.email, "YeniParola9")).toBeTruthy();
    mark(resetRow, "good", 200, "(new password signs in)");
    mark(resetRow, "no token", "n/a", "(public; good case is tokenless)");
  });
});

describe("users", () => {
  it("GET /users/{id}", async () => {
    const row = rowOf(contract.users.byId);
    const anon = await client.call<{ data: Record<string, unknown> }>(
      ...route(contract.users.byId, { id: dev.uid }),
    );
    expect(anon.status).toBe(200);
    expect(anon.body.data).toMatchObject({ _id: dev.uid, name: dev.name, type: "JUNIOR" });
    expect(anon.body.data.email).toBeUndefined();
    mark(row, "no token", 200, "(public, no e-mail)");
    const self = await client.call<{ data: Record<string, unknown> }>(
      ...route(contract.users.byId, { id: dev.uid }),
      {
        token: dev.token,
      },
    );
    expect(self.body.data).toMatchObject({ email: dev.email, isEmailVerified: true });
    const teammate = await client.call<{ data: Record<string, unknown> }>(
      ...route(contract.users.byId, { id: dev.uid }),
      {
        token: pm.token,
      },
    );
    expect(teammate.body.data.email).toBe(dev.email);
    const hrView = await client.call<{ data: Record<string, unknown> }>(
      ...route(contract.users.byId, { id: dev.uid }),
      {
        token: hr.token,
      },
    );
    expect(hrView.body.data.email).toBe(dev.email);
    mark(row, "good", 200, "(e-mail to self/team/HR)");
    const stranger = await client.call<{ data: Record<string, unknown> }>(
      ...route(contract.users.byId, { id: dev.uid }),
      {
        token: other.token,
      },
    );
    expect(stranger.status).toBe(200);
    expect(stranger.body.data.email).toBeUndefined();
    mark(row, "other's token", 200, "(no e-mail)");
    const bad = await client.call(...route(contract.users.byId, { id: "kötü id!" }));
    expectTurkish400(bad);
    expect(bad.body.message).toBe("Geçersiz kullanıcı ID'si!");
    const missing = await client.call(...route(contract.users.byId, { id: `yok${run}` }));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Kullanıcı bulunamadı.");
    mark(row, "malformed", 400);
  });

  it("PATCH /users", async () => {
    const row = rowOf(contract.users.updateProfile);
    const none = await client.call(...route(contract.users.updateProfile), {
      body: { about: "x" },
    });
    expect401(none);
    mark(row, "no token", 401);

    const before = await snapshot(`users/${other.uid}`);
    const future = await client.call(...route(contract.users.updateProfile), {
      token: other.token,
      body: { personalData: { birthDate: "01/01/2999" } },
    });
    expectTurkish400(future);
    expect(future.body.message).toBe(messages.users.birthDateFuture);
    const phone = await client.call(...route(contract.users.updateProfile), {
      token: other.token,
      body: { contactData: { telephone: "0532 abc" } },
    });
    expectTurkish400(phone);
    // Not more than 100 years ago, and the city must belong to the chosen country.
    const ancient = await client.call(...route(contract.users.updateProfile), {
      token: other.token,
      body: { personalData: { birthDate: "01/01/1800" } },
    });
    expectTurkish400(ancient);
    expect(ancient.body.message).toBe(messages.users.birthDateTooOld);
    const elsewhere = await client.call(...route(contract.users.updateProfile), {
      token: other.token,
      body: { personalData: { address: "Türkiye - Berlin" } },
    });
    expectTurkish400(elsewhere);
    expect(elsewhere.body.message).toBe(messages.users.cityNotInCountry);
    const detailsBefore = await snapshot(`users/${other.uid}/private/details`);
    const badIban = await client.call(...route(contract.users.updateProfile), {
      token: other.token,
      body: { iban: "TR34 0006 1005 1978 6457 8413 26" },
    });
    expectTurkish400(badIban);
    expect(badIban.body.message).toBe(messages.iban.checksum);
    expect(await snapshot(`users/${other.uid}/private/details`)).toBe(detailsBefore);
    const badWebsite = await client.call(...route(contract.users.updateProfile), {
      token: other.token,
      body: { social_medias: ["github:https://github.com/mert", "website:javascript:alert(1)"] },
    });
    expectTurkish400(badWebsite);
    expect(badWebsite.body.message).toBe(messages.users.websiteInvalid);
    expect(await snapshot(`users/${other.uid}`)).toBe(before);
    mark(row, "malformed", 400);

    const taken = await client.call(...route(contract.users.updateProfile), {
      token: other.token,
      body: { contactData: { email: dev.email } },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      "Bu e-posta adresi başka bir kullanıcı tarafından kullanılıyor.",
    );
    const devBefore = await snapshot(`users/${dev.uid}`);
    const locked = await client.call(...route(contract.users.updateProfile), {
      token: dev.token,
      body: { personalData: { position: { name: "Tester" } } },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(messages.users.positionLocked);
    expect(await snapshot(`users/${dev.uid}`)).toBe(devBefore);
    mark(row, "other's token", 409, "(e-mail taken; position locked in project)");

    const newEmail = mail("other-yeni");
    const r = await client.call<{ data: Record<string, unknown> }>(
      ...route(contract.users.updateProfile),
      {
        token: other.token,
        body: {
          personalData: {
            name: "mert KAYA",
            gender: "MALE",
            birthDate: "23/04/2000",
            address: "Türkiye - İzmir",
            position: { name: "Tester" },
          },
          contactData: { email: newEmail, telephone: "05321234567", isEmailVerified: true },
          social_medias: ["linkedin:https://linkedin.com/in/mertkaya", "github:", "instagram:  "],
          about: "  Test otomasyonu seviyorum.  ",
          skills: ["Cypress", { name: "Jest" }],
          languages: [
            { language: "İngilizce", level: "İleri" },
            { language: "", level: "Orta" },
            { language: "Almanca", level: "" },
          ],
          edu_cert: ["  ODTÜ Bilgisayar Mühendisliği ", "", "   "],
        },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Degisiklikler basariyla kaydedildi");
    expect(r.body.data).toMatchObject({
      name: "Mert Kaya",
      email: newEmail,
      isEmailVerified: false,
      telephone: "05321234567",
      birthDate: "2000-04-23",
      social_medias: ["linkedin:https://linkedin.com/in/mertkaya"],
      languages: [{ language: "İngilizce", level: "İleri" }],
      edu_cert: ["ODTÜ Bilgisayar Mühendisliği"],
      skills: [{ name: "Cypress" }, { name: "Jest" }],
      about: "Test otomasyonu seviyorum.",
    });
    expect((await auth.getUser(other.uid)).email).toBe(newEmail);
    // An e-mail change revokes the member's sessions (Firebase Auth): they sign in again.
    other.email = newEmail;
    other.token = await idTokenFor(newEmail, PASSWORD);
    expect((await db.doc(`users/${other.uid}/private/contact`).get()).data()).toEqual({
      email: newEmail,
      isEmailVerified: false,
    });
    const skillsAsNonList = await client.call<{ data: { skills: unknown[] } }>(
      ...route(contract.users.updateProfile),
      {
        token: other.token,
        body: { skills: "Jest" },
      },
    );
    expect(skillsAsNonList.status).toBe(200);
    expect(skillsAsNonList.body.data.skills).toEqual([]);

    // A member in a project renames themselves: the team strip and membership follow.
    const renamed = await client.call(...route(contract.users.updateProfile), {
      token: senior.token,
      body: { personalData: { name: "gülşen ÖZTÜRK acar" } },
    });
    expect(renamed.status).toBe(200);
    senior.name = "Gülşen Öztürk Acar";
    const team = (await db.doc(`projects/${P1}`).get()).data()!.team as TeamMemberSummary[];
    expect(team.find((m) => m.uid === senior.uid)).toMatchObject({
      name: senior.name,
      userName: "gulsen-ozturk-acar",
    });
    expect((await db.doc(`projects/${P1}/members/${senior.uid}`).get()).data()!.name).toBe(
      senior.name,
    );
    mark(row, "good", 200);
  });

  it("PUT /users/me/iban, GET /users/me/payment and GET /users/me/statements", async () => {
    expect401(await client.call(...route(contract.users.saveIban), { body: { iban: "TR33" } }));
    expect401(await client.call(...route(contract.users.statements)));
    const before = await snapshot(`users/${seeker.uid}/private/details`);
    for (const [iban, message] of [
      ["TR34 0006 1005 1978 6457 8413 26", messages.iban.checksum],
      ["TR33 0006 1005 1978 6457 8413", messages.iban.format],
      ["DE89 3704 0044 0532 0130 00", messages.iban.format],
      ["", messages.iban.required],
    ] as const) {
      const r = await client.call(...route(contract.users.saveIban), {
        token: seeker.token,
        body: { iban },
      });
      expectTurkish400(r);
      expect(r.body.message).toBe(message);
    }
    expect(await snapshot(`users/${seeker.uid}/private/details`)).toBe(before);
    const none = await client.call<{ data: unknown }>(...route(contract.users.paymentInfo), {
      token: seeker.token,
    });
    expect(none.body.data).toEqual({ hasIban: false, ibanMasked: "" });

    const saved = await client.call<{ data: unknown }>(...route(contract.users.saveIban), {
      token: seeker.token,
      body: { iban: "tr33 0006 1005 1978 6457 8413 26" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(messages.iban.saved);
    expect(saved.body.data).toEqual({
      hasIban: true,
      ibanMasked: "TR** **** **** **** **** **13 26",
    });
    expect((await db.doc(`users/${seeker.uid}/private/details`).get()).data()!.iban).toBe(
      "TR330006100519786457841326",
    );

    await db.doc(`payouts/2026-11/statements/${seeker.uid}`).set({
      userId: seeker.uid,
      period: "2026-11",
      days: 30,
      share: 0.5,
      amount: 450,
      amountKurus: 45_000,
      ibanStatus: "MISSING",
      status: "HELD_NO_IBAN",
      computedAt: new Date("2026-12-15T07:00:00Z"),
      releasedAt: null,
    });
    await db.doc(`payouts/2026-11/statements/${other.uid}`).set({
      userId: other.uid,
      period: "2026-11",
      days: 30,
      share: 0.5,
      amount: 450,
      amountKurus: 45_000,
      ibanStatus: "PRESENT",
      status: "PAYABLE",
      computedAt: new Date("2026-12-15T07:00:00Z"),
      releasedAt: null,
    });
    const list = await client.call<{ data: unknown[] }>(...route(contract.users.statements), {
      token: seeker.token,
    });
    expect(list.body.data).toEqual([
      {
        period: "2026-11",
        days: 30,
        share: 0.5,
        amountKurus: 45_000,
        status: "HELD_NO_IBAN",
        computedAt: "2026-12-15T07:00:00.000Z",
        releasedAt: null,
      },
    ]);
  });

  it("GET /users/type/{JUNIOR|SENIOR}?page&limit&search", async () => {
    const row = rowOf(contract.users.listByType);
    const r = await client.call<{
      data: { _id: string; name: string }[];
      pagination: Record<string, number | boolean>;
    }>(
      ...route(
        contract.users.listByType,
        { type: "JUNIOR" },
        { page: "1", limit: "2", search: "IŞIL" },
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.map((u) => u._id)).toContain(pm.uid);
    expect(r.body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(typeof r.body.pagination.total).toBe("number");
    const byPosition = await client.call<{ data: { _id: string }[] }>(
      ...route(contract.users.listByType, { type: "SENIOR" }, { search: "backend dev" }),
    );
    expect(byPosition.body.data.map((u) => u._id)).toContain(senior.uid);
    const paged = await client.call<{
      data: unknown[];
      pagination: Record<string, number | boolean>;
    }>(...route(contract.users.listByType, { type: "JUNIOR" }, { page: "1", limit: "2" }));
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.pagination.hasNextPage).toBe(true);
    const capped = await client.call<{ pagination: { limit: number } }>(
      ...route(contract.users.listByType, { type: "JUNIOR" }, { limit: "1000" }),
    );
    expect(capped.body.pagination.limit).toBe(100);
    mark(row, "good", 200, "(server search + pages)");
    mark(row, "no token", 200, "(public)");
    const withToken = await client.call<{ data: { _id: string }[] }>(
      ...route(contract.users.listByType, { type: "JUNIOR" }, { search: "ışıl" }),
      { token: other.token },
    );
    expect(withToken.body.data.map((u) => u._id)).toContain(pm.uid);
    mark(row, "other's token", 200, "(same answer)");
    expectTurkish400(await client.call(...route(contract.users.listByType, { type: "MANAGER" })));
    expectTurkish400(
      await client.call(...route(contract.users.listByType, { type: "JUNIOR" }, { page: "0" })),
    );
    mark(row, "malformed", 400);
  });
});

describe("projects", () => {
  it("GET /projects", async () => {
    const row = rowOf(contract.projects.list);
    const r = await client.call<{
      data: { _id: string; teamMembers: { email?: string }[]; positions: unknown[] }[];
    }>(...route(contract.projects.list));
    expect(r.status).toBe(200);
    const p1 = r.body.data.find((p) => p._id === P1)!;
    expect(p1).toMatchObject({
      title: "Gönüllü Eşleştirme Platformu",
      status: "Ongoing",
      isLive: true,
    });
    expect(p1.teamMembers.every((m) => m.email === undefined)).toBe(true);
    expect(r.body.data.some((p) => p._id === HIDDEN)).toBe(false);
    mark(row, "no token", 200, "(public, no e-mails)");
    const team = await client.call<{ data: { _id: string; teamMembers: { email?: string }[] }[] }>(
      ...route(contract.projects.list),
      { token: dev.token },
    );
    expect(team.body.data.find((p) => p._id === P1)!.teamMembers.map((m) => m.email)).toContain(
      pm.email,
    );
    mark(row, "good", 200, "(team sees e-mails)");
    const stranger = await client.call<{
      data: { _id: string; teamMembers: { email?: string }[] }[];
    }>(...route(contract.projects.list), { token: seeker.token });
    expect(stranger.body.data.find((p) => p._id === P1)!.teamMembers.every((m) => !m.email)).toBe(
      true,
    );
    mark(row, "other's token", 200, "(no e-mails)");
    mark(row, "malformed", "n/a", "(no input)");
  });

  it("GET /projects/{id}", async () => {
    const row = rowOf(contract.projects.byId);
    const r = await client.call<{ data: Record<string, unknown> }>(
      ...route(contract.projects.byId, { id: P1 }),
      {
        token: pm.token,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({ _id: P1, managerId: pm.uid, memberCount: 4 });
    mark(row, "good", 200);
    const hidden = await client.call(...route(contract.projects.byId, { id: HIDDEN }));
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("Proje bulunamadı.");
    mark(row, "no token", 404, "(not live)");
    const hiddenOther = await client.call(...route(contract.projects.byId, { id: HIDDEN }), {
      token: other.token,
    });
    expect(hiddenOther.status).toBe(404);
    mark(row, "other's token", 404, "(not live)");
    expectTurkish400(await client.call(...route(contract.projects.byId, { id: "a b" })));
    mark(row, "malformed", 400);
  });

  it("GET /projects/userProjects/{userId}", async () => {
    const row = rowOf(contract.projects.userProjects);
    const r = await client.call<{ data: Record<string, unknown>[] }>(
      ...route(contract.projects.userProjects, { userId: dev.uid }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toMatchObject({ _id: P1, id: P1, active: true, duration: 14 });
    mark(row, "good", 200);
    mark(row, "no token", 200, "(public)");
    const o = await client.call<{ data: unknown[] }>(
      ...route(contract.projects.userProjects, { userId: dev.uid }),
      {
        token: other.token,
      },
    );
    expect(o.body.data).toHaveLength(1);
    mark(row, "other's token", 200, "(same answer)");
    expectTurkish400(await client.call(...route(contract.projects.userProjects, { userId: "$$" })));
    mark(row, "malformed", 400);
  });

  it("PATCH /projects/updateProject/{id}", async () => {
    const row = rowOf(contract.projects.update);
    const before = await snapshot(`projects/${P1}`);
    expect401(
      await client.call(...route(contract.projects.update, { id: P1 }), {
        body: { title: "X Projesi" },
      }),
    );
    mark(row, "no token", 401);
    const dv = await client.call(...route(contract.projects.update, { id: P1 }), {
      token: dev.token,
      body: { title: "Ele Geçirildi" },
    });
    expect(dv.status).toBe(403);
    expect(dv.body.message).toBe(messages.projects.managerOnly);
    expect(await snapshot(`projects/${P1}`)).toBe(before);
    mark(row, "other's token", 403, "(not the manager)");
    const bad = await client.call(...route(contract.projects.update, { id: P1 }), {
      token: pm.token,
      body: { completed_percentage: 150 },
    });
    expectTurkish400(bad);
    expect(bad.body.message).toBe(messages.projects.percentageRange);
    const empty = await client.call(...route(contract.projects.update, { id: P1 }), {
      token: pm.token,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Kaydedilecek veri bulunamadı");
    expect(await snapshot(`projects/${P1}`)).toBe(before);
    mark(row, "malformed", 400);
    const r = await client.call<{ data: Record<string, unknown> }>(
      ...route(contract.projects.update, { id: P1 }),
      {
        token: pm.token,
        body: {
          title: "Gönüllü Eşleştirme Platformu",
          definition: "Yeni tanım",
          completed_percentage: 45,
        },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({
      _id: P1,
      definition: "Yeni tanım",
      completed_percentage: 45,
    });
    const notes = await db.collection("notifications").where("userId", "==", dev.uid).get();
    expect(notes.docs.some((d) => d.data().type === "PROJECT_UPDATED")).toBe(true);
    mark(row, "good", 200, "(PROJECT_UPDATED sent)");
  });
});

describe("positions", () => {
  let added = "";

  it("GET /positions/getPositionsByProjectId/{projectId}", async () => {
    const row = rowOf(contract.positions.byProject);
    const r = await client.call<{
      data: { _id: string; status: string; projectId: { teamMembers: unknown[] } }[];
    }>(...route(contract.positions.byProject, { projectId: P1 }));
    expect(r.status).toBe(200);
    const open = r.body.data.find((p) => p._id === OPEN_FE)!;
    expect(open).toMatchObject({
      positionName: "Frontend Developer",
      type: "JUNIOR",
      status: "OPEN",
    });
    expect(open.projectId.teamMembers).toHaveLength(4);
    mark(row, "good", 200);
    mark(row, "no token", 200, "(public)");
    const o = await client.call<{ data: { hasApplied?: boolean }[] }>(
      ...route(contract.positions.byProject, { projectId: P1 }),
      { token: other.token },
    );
    expect(o.body.data.every((p) => p.hasApplied === false)).toBe(true);
    mark(row, "other's token", 200, "(hasApplied false)");
    expectTurkish400(
      await client.call(...route(contract.positions.byProject, { projectId: "x y" })),
    );
    mark(row, "malformed", 400);
  });

  it("GET /positions/positionNames", async () => {
    const row = rowOf(contract.positions.names);
    const r = await client.call<{ data: { name: string }[] }>(...route(contract.positions.names));
    expect(r.status).toBe(200);
    expect(r.body.data).toContainEqual({ name: "Project Manager" });
    mark(row, "good", 200);
    mark(row, "no token", 200, "(public)");
    const o = await client.call<{ data: unknown[] }>(...route(contract.positions.names), {
      token: other.token,
    });
    expect(o.body.data).toEqual(r.body.data);
    mark(row, "other's token", 200, "(same answer)");
    mark(row, "malformed", "n/a", "(no input)");
  });

  it("POST /positions/addPosition", async () => {
    const row = rowOf(contract.positions.add);
    const body = {
      projectId: P1,
      positions: [
        {
          positionName: "UI/UX Designer",
          expectations: ["Figma", { name: "React" }],
          positionType: "Jr",
        },
      ],
    };
    const before = await snapshot(`projects/${P1}`);
    const positionsBefore = (await db.collection(`projects/${P1}/positions`).get()).size;
    expect401(await client.call(...route(contract.positions.add), { body }));
    mark(row, "no token", 401);
    const dv = await client.call(...route(contract.positions.add), { token: dev.token, body });
    expect(dv.status).toBe(403);
    mark(row, "other's token", 403, "(not the manager)");
    const bad = await client.call(...route(contract.positions.add), {
      token: pm.token,
      body: { projectId: P1, positions: [{ positionName: "UI/UX Designer", positionType: "XX" }] },
    });
    expectTurkish400(bad);
    expect(await snapshot(`projects/${P1}`)).toBe(before);
    expect((await db.collection(`projects/${P1}/positions`).get()).size).toBe(positionsBefore);
    mark(row, "malformed", 400);
    const r = await client.call<{
      data: { _id: string; status: string; expectations: string[] }[];
    }>(...route(contract.positions.add), { token: pm.token, body });
    expect(r.status).toBe(201);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({
      status: "OPEN",
      type: "JUNIOR",
      expectations: ["Figma", "React"],
    });
    added = r.body.data[0]!._id;
    const project = (await db.doc(`projects/${P1}`).get()).data()!;
    expect(project.allPositionCount).toBe(5);
    const hiring = await db.collection("notifications").where("userId", "==", dev.uid).get();
    expect(hiring.docs.some((d) => d.data().type === "PROJECT_HIRING")).toBe(true);
    mark(row, "good", 201);
  });

  it("DELETE /positions/{id}", async () => {
    const row = rowOf(contract.positions.remove);
    expect401(await client.call(...route(contract.positions.remove, { positionId: added })));
    mark(row, "no token", 401);
    const dv = await client.call(...route(contract.positions.remove, { positionId: added }), {
      token: dev.token,
    });
    expect(dv.status).toBe(403);
    expect((await db.doc(`projects/${P1}/positions/${added}`).get()).exists).toBe(true);
    mark(row, "other's token", 403);
    expectTurkish400(
      await client.call(...route(contract.positions.remove, { positionId: "x y" }), {
        token: pm.token,
      }),
    );
    const filled = await client.call(
      ...route(contract.positions.remove, { positionId: `${P1}-${dev.uid.slice(0, 6)}` }),
      {
        token: pm.token,
      },
    );
    expect(filled.status).toBe(409);
    mark(row, "malformed", 400);
    // A member still waiting on the deleted position hears the outcome.
    await db.doc(`projects/${P1}/positions/${added}/applications/${other.uid}`).set({
      userId: other.uid,
      projectId: P1,
      positionId: added,
      status: "PENDING",
      ratingAtApply: 0,
      appliedAt: new Date(),
      decidedAt: null,
    });
    const r = await client.call(...route(contract.positions.remove, { positionId: added }), {
      token: pm.token,
    });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect((await db.doc(`projects/${P1}/positions/${added}`).get()).exists).toBe(false);
    const told = await db
      .collection("notifications")
      .where("userId", "==", other.uid)
      .where("type", "==", "PROJECT_REJECTED")
      .get();
    expect(told.docs.map((d) => d.data().content)).toEqual([
      { projectId: P1, projectTitle: expect.any(String) },
    ]);
    expect((await db.doc(`projects/${P1}`).get()).data()!.allPositionCount).toBe(4);
    mark(row, "good", 200);
  });

  it("POST /positions/{positionId}/apply", async () => {
    const row = rowOf(contract.positions.apply);
    expect401(await client.call(...route(contract.positions.apply, { positionId: OPEN_FE })));
    mark(row, "no token", 401);

    const mismatch = await client.call(
      ...route(contract.positions.apply, { positionId: OPEN_FE }),
      { token: hr.token },
    );
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.message).toBe("Seçtiğiniz pozisyon, mevcut pozisyonunuzla uyuşmuyor.");
    const inProject = await client.call(
      ...route(contract.positions.apply, { positionId: OPEN_FE }),
      {
        token: dev.token,
      },
    );
    expect(inProject.status).toBe(409);
    expect(inProject.body.message).toBe("Katılmış olduğunuz proje bulunmaktadır.");
    const early = await client.call(...route(contract.positions.apply, { positionId: P2_FE }), {
      token: seeker.token,
    });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(messages.projects.juniorPmOnly);
    expect(
      (await db.doc(`projects/${P2}/positions/${P2_FE}/applications/${seeker.uid}`).get()).exists,
    ).toBe(false);
    mark(row, "other's token", "403/409", "(rules of docs/product-rules.md#apply-rules)");

    expectTurkish400(
      await client.call(...route(contract.positions.apply, { positionId: "x y" }), {
        token: seeker.token,
      }),
    );
    mark(row, "malformed", 400);

    const r = await client.call(...route(contract.positions.apply, { positionId: OPEN_FE }), {
      token: seeker.token,
      body: {},
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: "Başvurunuz başarıyla tamamlandı." });
    const app = (
      await db.doc(`projects/${P1}/positions/${OPEN_FE}/applications/${seeker.uid}`).get()
    ).data()!;
    expect(app).toMatchObject({ userId: seeker.uid, status: "PENDING" });
    expect((await db.doc(`projects/${P1}/positions/${OPEN_FE}`).get()).data()!.applicantCount).toBe(
      1,
    );
    const twice = await client.call(...route(contract.positions.apply, { positionId: OPEN_FE }), {
      token: seeker.token,
    });
    expect(twice.status).toBe(409);
    // While the application waits for its selection the member counts as in a project (docs/product-rules.md#one-project).
    const switchPosition = await client.call(...route(contract.users.updateProfile), {
      token: seeker.token,
      body: { personalData: { position: "Tester" } },
    });
    expect(switchPosition.status).toBe(409);
    expect(switchPosition.body.message).toBe(messages.users.positionLocked);
    mark(row, "good", 201);
  });

  it("concurrent applications of one member to two projects: exactly one succeeds", async () => {
    const [a, b] = await Promise.all([
      client.call(...route(contract.positions.apply, { positionId: RACE_A }), {
        token: racer.token,
      }),
      client.call(...route(contract.positions.apply, { positionId: RACE_B }), {
        token: racer.token,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const apps = await db.collectionGroup("applications").where("userId", "==", racer.uid).get();
    expect(apps.size).toBe(1);
  });
});

describe("leaving a project", () => {
  it("PATCH /projects/leftProject", async () => {
    const row = rowOf(contract.projects.leave);
    expect401(await client.call(...route(contract.projects.leave), { body: { projectId: P1 } }));
    mark(row, "no token", 401);
    const before = await snapshot(`projects/${P1}`);
    const stranger = await client.call(...route(contract.projects.leave), {
      token: seeker.token,
      body: { projectId: P1 },
    });
    expect(stranger.status).toBe(409);
    expect(await snapshot(`projects/${P1}`)).toBe(before);
    mark(row, "other's token", 409, "(not a member)");
    expectTurkish400(
      await client.call(...route(contract.projects.leave), { token: leaver.token, body: {} }),
    );
    expect(await snapshot(`projects/${P1}`)).toBe(before);
    mark(row, "malformed", 400);

    const r = await client.call(...route(contract.projects.leave), {
      token: leaver.token,
      body: { projectId: P1 },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Projeden başarıyla ayrıldınız");
    const project = (await db.doc(`projects/${P1}`).get()).data()!;
    expect(project.memberIds).not.toContain(leaver.uid);
    expect(project.memberCount).toBe(3);
    const seat = (
      await db.doc(`projects/${P1}/positions/${P1}-${leaver.uid.slice(0, 6)}`).get()
    ).data()!;
    expect(seat).toMatchObject({ status: "OPEN", filledBy: null });
    expect(seat.windowEndsAt.toMillis() - seat.windowStartsAt.toMillis()).toBe(24 * HOUR);
    expect((await db.doc(`users/${leaver.uid}`).get()).data()!.currentProjectId).toBeNull();
    const left = await db.collection("notifications").where("userId", "==", pm.uid).get();
    const note = left.docs.find((d) => d.data().type === "PROJECT_USER_LEFT")!.data();
    expect(note.content).toMatchObject({ projectId: P1, userName: leaver.name });
    mark(row, "good", 200, "(seat reopened, team told)");
  });
});

describe("images", () => {
  let imageId = "";
  const bucket = bucketOf(admin.app);

  it("POST /images/upload", async () => {
    const row = rowOf(contract.images.upload);
    const form = (bytes: Buffer, type: string, relatedId: string) => {
      const f = new FormData();
      f.set("relatedId", relatedId);
      f.set("relatedType", "User");
      f.set("imageType", "Profile");
      f.set("file", new Blob([new Uint8Array(bytes)], { type }), "foto.png");
      return f;
    };
    expect401(
      await client.call(...route(contract.images.upload), {
        form: form(PNG_BYTES, "image/png", seeker.uid),
      }),
    );
    mark(row, "no token", 401);
    const foreign = await client.call(...route(contract.images.upload), {
      token: other.token,
      form: form(PNG_BYTES, "image/png", seeker.uid),
    });
    expect(foreign.status).toBe(403);
    mark(row, "other's token", 403);
    const fake = await client.call(...route(contract.images.upload), {
      token: seeker.token,
      form: form(Buffer.from("bu bir resim değil"), "image/png", seeker.uid),
    });
    expectTurkish400(fake);
    expect(fake.body.message).toBe("Sadece JPEG, PNG ve JPG formatları desteklenmektedir!");
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await client.call(...route(contract.images.upload), {
      token: seeker.token,
      form: form(big, "image/png", seeker.uid),
    });
    expectTurkish400(tooBig);
    expect(tooBig.body.message).toBe("Dosya boyutu 5MB'dan küçük olmalıdır!");
    expect(await count("images", "relatedId", seeker.uid)).toBe(0);
    mark(row, "malformed", 400, "(content sniffed; 5 MB)");

    const r = await client.call<{ data: { _id: string; content: string; path: string } }>(
      ...route(contract.images.upload),
      {
        token: seeker.token,
        form: form(PNG_BYTES, "image/png", seeker.uid),
      },
    );
    expect(r.status).toBe(201);
    expect(r.body.success).toBe(true);
    expect(Buffer.from(r.body.data.content, "base64").equals(PNG_BYTES)).toBe(true);
    imageId = r.body.data._id;
    const [exists] = await bucket.file(r.body.data.path).exists();
    expect(exists).toBe(true);
    expect((await db.doc(`users/${seeker.uid}`).get()).data()!.photoPath).toBe(r.body.data.path);
    mark(row, "good", 201);
  });

  it("GET /images/{relatedId}", async () => {
    const row = rowOf(contract.images.ofOwner);
    const r = await client.call<{ data: { _id: string; content: string }[] }>(
      ...route(contract.images.ofOwner, { relatedId: seeker.uid }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data[0]!._id).toBe(imageId);
    expect(r.body.data[0]!.content.length).toBeGreaterThan(0);
    mark(row, "good", 200);
    mark(row, "no token", 200, "(public)");
    const o = await client.call<{ data: unknown[] }>(
      ...route(contract.images.ofOwner, { relatedId: seeker.uid }),
      {
        token: other.token,
      },
    );
    expect(o.body.data).toHaveLength(1);
    mark(row, "other's token", 200, "(public)");
    expectTurkish400(await client.call(...route(contract.images.ofOwner, { relatedId: "a/b c" })));
    mark(row, "malformed", 400);
  });

  it("POST /images/record (direct upload to Storage)", async () => {
    const row = rowOf(contract.images.record);
    const path = `users/${other.uid}/profile/dogrudan-${run}.png`;
    await bucket.file(path).save(PNG_BYTES, { contentType: "image/png", resumable: false });
    expect401(await client.call(...route(contract.images.record), { body: { path } }));
    mark(row, "no token", 401);
    const foreign = await client.call(...route(contract.images.record), {
      token: seeker.token,
      body: { relatedId: other.uid, relatedType: "User", imageType: "Profile", path },
    });
    expect(foreign.status).toBe(403);
    mark(row, "other's token", 403);
    const bad = await client.call(...route(contract.images.record), {
      token: other.token,
      body: {
        relatedId: other.uid,
        relatedType: "User",
        imageType: "Profile",
        path: `users/${seeker.uid}/profile/x.png`,
      },
    });
    expectTurkish400(bad);
    expect(await count("images", "relatedId", other.uid)).toBe(0);
    mark(row, "malformed", 400);
    const r = await client.call<{ data: { path: string } }>(...route(contract.images.record), {
      token: other.token,
      body: { relatedId: other.uid, relatedType: "User", imageType: "Profile", path },
    });
    expect(r.status).toBe(201);
    expect((await db.doc(`users/${other.uid}`).get()).data()!.photoPath).toBe(path);
    mark(row, "good", 201);
  });

  it("DELETE /images/{imageId}", async () => {
    const row = rowOf(contract.images.remove);
    expect401(await client.call(...route(contract.images.remove, { imageId })));
    mark(row, "no token", 401);
    const foreign = await client.call(...route(contract.images.remove, { imageId }), {
      token: other.token,
    });
    expect(foreign.status).toBe(403);
    expect((await db.doc(`images/${imageId}`).get()).exists).toBe(true);
    mark(row, "other's token", 403);
    expectTurkish400(
      await client.call(...route(contract.images.remove, { imageId: "a b" }), {
        token: seeker.token,
      }),
    );
    mark(row, "malformed", 400);
    const path = (await db.doc(`images/${imageId}`).get()).data()!.path as string;
    const r = await client.call(...route(contract.images.remove, { imageId }), {
      token: seeker.token,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Profil fotoğrafı başarıyla silindi");
    expect((await bucket.file(path).exists())[0]).toBe(false);
    expect((await db.doc(`users/${seeker.uid}`).get()).data()!.photoPath).toBeNull();
    const again = await client.call(...route(contract.images.remove, { imageId }), {
      token: seeker.token,
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Silinecek profil fotoğrafı bulunamadı!");
    mark(row, "good", 200, "(then 404)");
  });
});

describe("notifications", () => {
  let noteId = "";
  beforeAll(async () => {
    const ref = await db.collection("notifications").add({
      userId: dev.uid,
      type: "PROJECT_USER_VOTETIME",
      read: false,
      createdAt: Timestamp.now(),
      content: { projectId: P1, targetUser: pm.name, voteId: "v" },
      dedupeKey: `test-${run}`,
    });
    noteId = ref.id;
  });

  it("GET /notifications", async () => {
    const row = rowOf(contract.notifications.list);
    const r = await client.call<{
      data: {
        notifications: { _id: string; title: string; userId: string }[];
        unreadCount: number;
      };
    }>(...route(contract.notifications.list), { token: dev.token });
    expect(r.status).toBe(200);
    const n = r.body.data.notifications.find((x) => x._id === noteId)!;
    expect(n.title).toBe(`Ekip Arkadaşınız ${pm.name} için Oylama Zamanı!`);
    expect(r.body.data.notifications.every((x) => x.userId === dev.uid)).toBe(true);
    expect(r.body.data.unreadCount).toBeGreaterThan(0);
    mark(row, "good", 200);
    expect401(await client.call(...route(contract.notifications.list)));
    mark(row, "no token", 401);
    const o = await client.call<{ data: { notifications: { _id: string }[] } }>(
      ...route(contract.notifications.list),
      {
        token: seeker.token,
      },
    );
    expect(o.body.data.notifications.some((x) => x._id === noteId)).toBe(false);
    mark(row, "other's token", 200, "(only own)");
    expectTurkish400(
      await client.call(...route(contract.notifications.list, {}, { limit: "abc" }), {
        token: dev.token,
      }),
    );
    mark(row, "malformed", 400);
  });

  it("PATCH /notifications/{id}", async () => {
    const row = rowOf(contract.notifications.markRead);
    expect401(await client.call(...route(contract.notifications.markRead, { id: noteId })));
    mark(row, "no token", 401);
    const o = await client.call(...route(contract.notifications.markRead, { id: noteId }), {
      token: seeker.token,
    });
    expect(o.status).toBe(403);
    expect((await db.doc(`notifications/${noteId}`).get()).data()!.read).toBe(false);
    mark(row, "other's token", 403);
    expectTurkish400(
      await client.call(...route(contract.notifications.markRead, { id: "a b" }), {
        token: dev.token,
      }),
    );
    mark(row, "malformed", 400);
    const r = await client.call<{ data: { read: boolean } }>(
      ...route(contract.notifications.markRead, { id: noteId }),
      {
        token: dev.token,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.read).toBe(true);
    expect((await db.doc(`notifications/${noteId}`).get()).data()!.read).toBe(true);
    mark(row, "good", 200);
  });

  it("DELETE /notifications/{id}", async () => {
    const row = rowOf(contract.notifications.remove);
    expect401(await client.call(...route(contract.notifications.remove, { id: noteId })));
    mark(row, "no token", 401);
    const o = await client.call(...route(contract.notifications.remove, { id: noteId }), {
      token: seeker.token,
    });
    expect(o.status).toBe(403);
    expect((await db.doc(`notifications/${noteId}`).get()).exists).toBe(true);
    mark(row, "other's token", 403);
    expectTurkish400(
      await client.call(...route(contract.notifications.remove, { id: "a b" }), {
        token: dev.token,
      }),
    );
    mark(row, "malformed", 400);
    const r = await client.call(...route(contract.notifications.remove, { id: noteId }), {
      token: dev.token,
    });
    expect(r.status).toBe(200);
    expect((await db.doc(`notifications/${noteId}`).get()).exists).toBe(false);
    mark(row, "good", 200);
  });
});

describe("votes", () => {
  const VOTE = `vote-${run}`;
  const SKILL_VOTE = `skill-${run}`;
  const CLOSED = `closed-${run}`;
  beforeAll(async () => {
    const now = Date.now();
    const base = {
      projectId: P1,
      weekId: "2026-11-20",
      status: "PENDING",
      opensAt: ts(now - HOUR),
      closesAt: ts(now + HOUR),
      completedAt: null,
    };
    await db.doc(`votes/${VOTE}`).set({
      ...base,
      voterId: dev.uid,
      targetUserId: pm.uid,
      targetUser: { name: pm.name, userName: slugifyName(pm.name), type: "JUNIOR" },
      kind: "PEER",
      skills: [],
    });
    await db.doc(`votes/${SKILL_VOTE}`).set({
      ...base,
      voterId: senior.uid,
      targetUserId: dev.uid,
      targetUser: { name: dev.name, userName: slugifyName(dev.name), type: "JUNIOR" },
      kind: "SKILL",
      skills: ["React", "TypeScript"],
    });
    await db.doc(`votes/${CLOSED}`).set({
      ...base,
      opensAt: ts(now - 3 * HOUR),
      closesAt: ts(now - 2 * HOUR),
      voterId: dev.uid,
      targetUserId: senior.uid,
      targetUser: { name: senior.name, userName: slugifyName(senior.name), type: "SENIOR" },
      kind: "MENTOR",
      skills: [],
    });
    await db.collection(`users/${dev.uid}/feedbacks`).add({
      evaluatorId: pm.uid,
      evaluatorUser: {
        name: pm.name,
        userName: slugifyName(pm.name),
        position: { name: "Project Manager" },
      },
      feedback: "Sprint hedeflerini her hafta zamanında tamamladı.",
      projectId: P1,
      weekId: "2026-11-13",
      updatedAt: Timestamp.now(),
    });
  });

  const scores = {
    timeControl: 5,
    communication: 4,
    problemSolving: 4,
    improvement: 5,
    initiative: 3,
  };

  it("GET /votes/pending", async () => {
    const row = rowOf(contract.votes.pending);
    const r = await client.call<{ data: { voteId: string; targetUser: { name: string } }[] }>(
      ...route(contract.votes.pending),
      {
        token: dev.token,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.map((v) => v.voteId)).toEqual([VOTE]);
    expect(r.body.data[0]!.targetUser.name).toBe(pm.name);
    mark(row, "good", 200, "(closed ones hidden)");
    expect401(await client.call(...route(contract.votes.pending)));
    mark(row, "no token", 401);
    const o = await client.call<{ data: unknown[] }>(...route(contract.votes.pending), {
      token: seeker.token,
    });
    expect(o.body.data).toEqual([]);
    mark(row, "other's token", 200, "(only own)");
    mark(row, "malformed", "n/a", "(no input)");
  });

  it("GET /votes/pending/{voteId}", async () => {
    const row = rowOf(contract.votes.pendingOne);
    const r = await client.call<{ data: { skills: string[]; kind: string } }>(
      ...route(contract.votes.pendingOne, { voteId: SKILL_VOTE }),
      {
        token: senior.token,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ kind: "SKILL", skills: ["React", "TypeScript"] });
    mark(row, "good", 200);
    expect401(await client.call(...route(contract.votes.pendingOne, { voteId: SKILL_VOTE })));
    mark(row, "no token", 401);
    expect(
      (
        await client.call(...route(contract.votes.pendingOne, { voteId: SKILL_VOTE }), {
          token: dev.token,
        })
      ).status,
    ).toBe(403);
    mark(row, "other's token", 403);
    const bad = await client.call(...route(contract.votes.pendingOne, { voteId: "a b" }), {
      token: dev.token,
    });
    expectTurkish400(bad);
    expect(bad.body.message).toBe("Vote ID gerekli");
    mark(row, "malformed", 400);
  });

  it("POST /votes/complete/{voteId}", async () => {
    const row = rowOf(contract.votes.complete);
    const body = {
      scores,
      feedback: "Harika bir lider.",
      discardWanted: false,
      discardReason: "",
      skillVotes: {},
    };
    expect401(await client.call(...route(contract.votes.complete, { voteId: VOTE }), { body }));
    mark(row, "no token", 401);
    const o = await client.call(...route(contract.votes.complete, { voteId: VOTE }), {
      token: pm.token,
      body,
    });
    expect(o.status).toBe(403);
    expect((await db.doc(`voteAnswers/${VOTE}`).get()).exists).toBe(false);
    mark(row, "other's token", 403);
    const partial = await client.call(...route(contract.votes.complete, { voteId: VOTE }), {
      token: dev.token,
      body: { ...body, scores: { timeControl: 5 } },
    });
    expectTurkish400(partial);
    expect(partial.body.message).toBe("Lütfen tüm değerlendirme kategorilerini doldurun.");
    const noReason = await client.call(...route(contract.votes.complete, { voteId: VOTE }), {
      token: dev.token,
      body: { ...body, discardWanted: true },
    });
    expectTurkish400(noReason);
    expect((await db.doc(`voteAnswers/${VOTE}`).get()).exists).toBe(false);
    expect((await db.doc(`votes/${VOTE}`).get()).data()!.status).toBe("PENDING");
    mark(row, "malformed", 400);

    const r = await client.call(...route(contract.votes.complete, { voteId: VOTE }), {
      token: dev.token,
      body,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Degerlendirme basariyla gonderildi");
    expect((await db.doc(`voteAnswers/${VOTE}`).get()).data()).toMatchObject({
      scores,
      voterId: dev.uid,
    });
    expect((await db.doc(`votes/${VOTE}`).get()).data()!.status).toBe("COMPLETED");
    expect(
      (
        await client.call(...route(contract.votes.complete, { voteId: VOTE }), {
          token: dev.token,
          body,
        })
      ).status,
    ).toBe(409);
    const skill = await client.call(...route(contract.votes.complete, { voteId: SKILL_VOTE }), {
      token: senior.token,
      body: { scores, skillVotes: { React: 4 } },
    });
    expect(skill.status).toBe(200);
    expect((await db.doc(`voteAnswers/${SKILL_VOTE}`).get()).data()!.skillVotes).toEqual({
      React: 4,
      TypeScript: 0,
    });
    const closed = await client.call(...route(contract.votes.complete, { voteId: CLOSED }), {
      token: dev.token,
      body: { discardWanted: true, discardReason: "Toplantılara gelmiyor." },
    });
    expect(closed.status).toBe(409);
    mark(row, "good", 200, "(once; open week only)");
  });

  it("GET /votes/feedbacks", async () => {
    const row = rowOf(contract.votes.feedbacks);
    const r = await client.call<{ data: { feedback: string; evaluatorUser: { name: string } }[] }>(
      ...route(contract.votes.feedbacks),
      { token: dev.token },
    );
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toMatchObject({ evaluatorUser: { name: pm.name } });
    const hrView = await client.call<{ data: unknown[] }>(
      ...route(contract.votes.feedbacks, {}, { userId: dev.uid }),
      {
        token: hr.token,
      },
    );
    expect(hrView.body.data).toHaveLength(1);
    mark(row, "good", 200, "(own; HR any)");
    expect401(await client.call(...route(contract.votes.feedbacks)));
    mark(row, "no token", 401);
    const o = await client.call(...route(contract.votes.feedbacks, {}, { userId: dev.uid }), {
      token: seeker.token,
    });
    expect(o.status).toBe(403);
    mark(row, "other's token", 403);
    expectTurkish400(
      await client.call(...route(contract.votes.feedbacks, {}, { userId: "a b" }), {
        token: dev.token,
      }),
    );
    mark(row, "malformed", 400);
  });

  it("POST /votes/DiscardWantedSenior/{userId}", async () => {
    const row = rowOf(contract.votes.discardWantedSenior);
    expect401(
      await client.call(...route(contract.votes.discardWantedSenior, { userId: senior.uid })),
    );
    mark(row, "no token", 401);
    const o = await client.call(
      ...route(contract.votes.discardWantedSenior, { userId: senior.uid }),
      {
        token: seeker.token,
      },
    );
    expect(o.status).toBe(403);
    expect(await count("voteAnswers", "voterId", seeker.uid)).toBe(0);
    mark(row, "other's token", 403, "(not in the project)");
    expectTurkish400(
      await client.call(...route(contract.votes.discardWantedSenior, { userId: "a b" }), {
        token: dev.token,
      }),
    );
    const notSenior = await client.call(
      ...route(contract.votes.discardWantedSenior, { userId: pm.uid }),
      {
        token: dev.token,
      },
    );
    expectTurkish400(notSenior);
    mark(row, "malformed", 400);
    const r = await client.call(
      ...route(contract.votes.discardWantedSenior, { userId: senior.uid }),
      {
        token: dev.token,
        body: { reason: "Haftalık görüşmelere katılmıyor." },
      },
    );
    expect(r.status).toBe(201);
    expect(r.body.message).toBe("Sonlandırma isteğiniz başarıyla gerçekleşti");
    const answers = await db
      .collection("voteAnswers")
      .where("voterId", "==", dev.uid)
      .where("kind", "==", "MENTOR")
      .get();
    expect(
      answers.docs.some(
        (d) => d.data().targetUserId === senior.uid && d.data().discardWanted === true,
      ),
    ).toBe(true);
    mark(row, "good", 201);
  });
});

describe("lookups", () => {
  it("GET /skills", async () => {
    const row = rowOf(contract.lookups.skills);
    const r = await client.call<{ data: { name: string }[] }>(...route(contract.lookups.skills));
    expect(r.status).toBe(200);
    expect(r.body.data).toContainEqual({ name: "React" });
    mark(row, "good", 200);
    mark(row, "no token", 200, "(public)");
    const o = await client.call<{ data: unknown[] }>(...route(contract.lookups.skills), {
      token: other.token,
    });
    expect(o.body.data).toEqual(r.body.data);
    mark(row, "other's token", 200, "(same answer)");
    mark(row, "malformed", "n/a", "(no input)");
  });

  it("GET /locations/countries", async () => {
    const row = rowOf(contract.lookups.countries);
    const r = await client.call<{ data: { isoCode: string; name: string }[] }>(
      ...route(contract.lookups.countries),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { isoCode: "DE", name: "Almanya" },
      { isoCode: "TR", name: "Türkiye" },
    ]);
    mark(row, "good", 200);
    mark(row, "no token", 200, "(public)");
    const o = await client.call<{ data: unknown[] }>(...route(contract.lookups.countries), {
      token: other.token,
    });
    expect(o.body.data).toEqual(r.body.data);
    mark(row, "other's token", 200, "(same answer)");
    mark(row, "malformed", "n/a", "(no input)");
  });

  it("GET /locations/countries/{isoCode}/cities", async () => {
    const row = rowOf(contract.lookups.cities);
    const r = await client.call<{ data: { name: string }[] }>(
      ...route(contract.lookups.cities, { isoCode: "tr" }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([{ name: "Ankara" }, { name: "İstanbul" }, { name: "İzmir" }]);
    mark(row, "good", 200, "(Turkish order)");
    mark(row, "no token", 200, "(public)");
    const o = await client.call<{ data: unknown[] }>(
      ...route(contract.lookups.cities, { isoCode: "TR" }),
      {
        token: other.token,
      },
    );
    expect(o.body.data).toEqual(r.body.data);
    const unknown = await client.call(...route(contract.lookups.cities, { isoCode: "ZZ" }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Ülke bulunamadı.");
    mark(row, "other's token", 200, "(same answer)");
    const bad = await client.call(...route(contract.lookups.cities, { isoCode: "TUR" }));
    expectTurkish400(bad);
    expect(bad.body.message).toBe("Geçersiz ülke kodu.");
    mark(row, "malformed", 400);
  });

  it("GET /locations/turkish-languages", async () => {
    const row = rowOf(contract.lookups.turkishLanguages);
    const r = await client.call<{ data: string[] }>(...route(contract.lookups.turkishLanguages));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(["Türkçe", "İngilizce", "Almanca"]);
    mark(row, "good", 200);
    mark(row, "no token", 200, "(public)");
    const o = await client.call<{ data: unknown[] }>(...route(contract.lookups.turkishLanguages), {
      token: other.token,
    });
    expect(o.body.data).toEqual(r.body.data);
    mark(row, "other's token", 200, "(same answer)");
    mark(row, "malformed", "n/a", "(no input)");
  });
});

describe("roles", () => {
  const script = new URL("../../functions/scripts/grant-role.ts", import.meta.url).pathname;
  const tsx = new URL("../../node_modules/.bin/tsx", import.meta.url).pathname;
  const grant = (who: string, role: string) =>
    promisify(execFile)(tsx, [script, who, role], { env: process.env, timeout: 60_000 });

  it("functions/scripts/grant-role.ts grants a role the API then honours, and removes it", async () => {
    const person = await makeMember("ops", "Kemal Operasyon", "SENIOR", "Tester");
    const before = await client.call(...route(contract.projects.byId, { id: HIDDEN }), {
      token: person.token,
    });
    expect(before.status).toBe(404);
    const { stdout } = await grant(person.email, "ops");
    expect(stdout).toContain("role ops");
    expect((await auth.getUser(person.uid)).customClaims).toMatchObject({ role: "ops" });
    expect((await db.doc(`users/${person.uid}/private/details`).get()).data()!.role).toBe("ops");
    const asOps = await client.call(...route(contract.projects.byId, { id: HIDDEN }), {
      token: await idTokenFor(person.email, PASSWORD),
    });
    expect(asOps.status).toBe(200);
    await grant(person.uid, "none");
    expect((await auth.getUser(person.uid)).customClaims?.role).toBeUndefined();
    expect((await db.doc(`users/${person.uid}/private/details`).get()).data()!.role).toBeNull();
    await expect(grant(person.email, "kral")).rejects.toThrow();
  });
});

describe("the contract", () => {
  it("names every row of the table after a contract endpoint", () => {
    const rows = new Set(endpoints.map(rowOf));
    const tableRows = matrix
      .render()
      .split("\n")
      .slice(2)
      .map((l) => l.split("|")[1]!.trim());
    expect(tableRows.filter((r) => !rows.has(r))).toEqual([]);
  });

  it("sent every request to an endpoint of the contract", () => {
    expect(sent.length).toBeGreaterThan(100);
    const strays = sent.filter((r) => !endpointOf(r.method, r.path));
    expect(strays.map((r) => `${r.status} ${r.method} ${r.path}`)).toEqual([]);
  });
});
