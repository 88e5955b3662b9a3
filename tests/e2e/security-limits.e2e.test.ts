/**
 * The abuse limits and retry safety on the whole local stack, as an attacker would meet them:
 * guessing passwords, spoofing X-Forwarded-For, re-sending codes and mails, paging past the end,
 * busting the image cache and retrying a state-changing call. The stack is one client address
 * for every suite, so counters are cleared before and after each test.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { Timestamp } from "firebase-admin/firestore";
import { paths } from "@platform/common";
import { ApiClient, adminForStack, idTokenFor } from "../support/api-client.js";
import { API_FUNCTION_PATH } from "../support/stack-env.js";

const hosting = inject("stackUrls").hosting!;
const api = new ApiClient(hosting);
const PASSWORD = "Parola123";
const run = randomUUID().slice(0, 8);
let admin: ReturnType<typeof adminForStack>;

async function clearCounters() {
  const snap = await admin.db.collection(paths.rateLimits).get();
  await Promise.all(snap.docs.map((d) => d.ref.delete()));
}

async function member(label: string, opts: { verified?: boolean } = {}) {
  const email = `${label}-${run}@example.com`;
  const { uid } = await admin.auth.createUser({
    email,
    password: PASSWORD,
    emailVerified: opts.verified ?? true,
  });
  return { uid, email };
}

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  api.call("POST", "/auth/login", { body: { email, password }, headers });

function expectLimited(r: { status: number; headers: Headers; body: { message?: string } }) {
  expect(r.status).toBe(429);
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(r.body.message).toMatch(
    /^Çok fazla deneme yapıldı\. Lütfen \d+ (saniye|dakika|saat) sonra/,
  );
}

beforeAll(() => {
  admin = adminForStack();
});
afterAll(async () => {
  await clearCounters();
  await admin.close();
});
beforeEach(clearCounters);
afterEach(clearCounters);

describe("login", () => {
  it("locks an account after 10 failures, even for the right password; others still log in", async () => {
    const victim = await member("kurban");
    for (let i = 0; i < 10; i++)
      expect((await login(victim.email, `Yanlis${i}99`)).status).toBe(401);
    expectLimited(await login(victim.email, PASSWORD));
    const bystander = await member("diger");
    expect((await login(bystander.email, PASSWORD)).status).toBe(200);
  });

  it("successful logins spend nothing", async () => {
    const user = await member("basarili");
    for (let i = 0; i < 12; i++) expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it("stops 50 failures from one client; a spoofed X-Forwarded-For gets no fresh budget", async () => {
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 10; i++) {
        const r = await login(`yok${a}-${run}@example.com`, "Yanlis123", {
          "x-forwarded-for": `203.0.113.${a * 10 + i}`,
        });
        expect(r.status).toBe(401);
      }
    }
    const fresh = await member("yeni");
    expectLimited(await login(fresh.email, PASSWORD));
    expectLimited(
      await login(fresh.email, PASSWORD, { "x-forwarded-for": "198.51.100.77, 198.51.100.78" }),
    );
  });
});

describe("mails and codes", () => {
  it("mails at most 5 codes per address a day; a resend does not restore the budget", async () => {
    const email = `kod-${run}@example.com`;
    const step1 = () =>
      api.call("POST", "/auth/register-step-1", {
        body: { name: "Kod Deneme", email, password: PASSWORD },
      });
    const key = encodeURIComponent(email);
    for (let i = 0; i < 5; i++) {
      expect((await step1()).status).toBeLessThan(300);
      // as if the one-minute resend wait had passed
      await admin.db
        .doc(`${paths.registrations}/${key}`)
        .update({ lastSentAt: Timestamp.fromMillis(Date.now() - 120_000) });
    }
    const mailsBefore = (await admin.db.collection(paths.mail).where("to", "==", email).get()).size;
    expectLimited(await step1());
    const mailsAfter = (await admin.db.collection(paths.mail).where("to", "==", email).get()).size;
    expect(mailsAfter).toBe(mailsBefore);
  });

  it("sends at most 3 password reset mails per address an hour", async () => {
    const user = await member("sifre");
    const reset = () =>
      api.call("POST", "/auth/request-password-reset", { body: { email: user.email } });
    for (let i = 0; i < 3; i++) expect((await reset()).status).toBe(200);
    expectLimited(await reset());
  });

  it("sends at most 3 e-mail confirmations per address an hour", async () => {
    const user = await member("onay", { verified: false });
    const token = await idTokenFor(user.email, PASSWORD);
    const confirm = () =>
      api.call("POST", "/auth/send-email-confirmation", { token, body: { email: user.email } });
    for (let i = 0; i < 3; i++) expect((await confirm()).status).toBe(200);
    expectLimited(await confirm());
  });
});

describe("reads that cost", () => {
  it("refuses directory pages past the last instead of skipping documents", async () => {
    const first = await api.call<{ pagination: { totalPages: number } }>(
      "GET",
      "/users/type/JUNIOR?page=1&limit=100",
    );
    expect(first.status).toBe(200);
    const past = await api.call(
      "GET",
      `/users/type/JUNIOR?page=${first.body.pagination.totalPages + 1}&limit=100`,
    );
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(
      `Sayfa numarası geçersiz: son sayfa ${first.body.pagination.totalPages}.`,
    );
  });

  it("lets the CDN answer visitors' image lists and refuses cache-busting requests", async () => {
    const owner = await member("gorsel");
    // The function's own answer: Hosting's "**" header rule in firebase.json still overrides it.
    const functionOrigin = new ApiClient(`${inject("stackUrls").functions!}${API_FUNCTION_PATH}`);
    const visitor = await functionOrigin.call("GET", `/images/${owner.uid}`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toMatch(/public, .*s-maxage=\d+/);
    expect((await api.call("GET", `/images/${owner.uid}?v=${run}`)).status).toBe(400);
    expect((await api.call("GET", `/images/${owner.uid}`, { token: "uydurma" })).status).toBe(401);
  });
});

describe("retries", () => {
  it("a retried addPosition with the same Idempotency-Key adds one position", async () => {
    const manager = await member("yonetici");
    const projectId = `idem-${run}`;
    await admin.db.doc(paths.user(manager.uid)).set({
      name: "Yönetici Deneme",
      position: { name: "Project Manager" },
    });
    await admin.db.doc(paths.project(projectId)).set({
      title: "Tekrar Deneme",
      managerId: manager.uid,
      allPositionCount: 0,
      openPositionCount: 0,
      team: [],
      memberIds: [],
    });
    const token = await idTokenFor(manager.email, PASSWORD);
    const key = randomUUID();
    const add = () =>
      api.call("POST", "/positions/addPosition", {
        token,
        headers: { "idempotency-key": key },
        body: {
          projectId,
          positions: [{ positionName: "Backend Developer", positionType: "Jr", expectations: [] }],
        },
      });
    const [first, retry] = await Promise.all([add(), add()]);
    const late = await add();
    expect([first.status, retry.status, late.status]).toEqual([201, 201, 201]);
    expect(late.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect((await admin.db.collection(paths.positions(projectId)).get()).size).toBe(1);
  });
});
