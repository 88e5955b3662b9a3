/**
 * The abuse limits and retry safety on the whole local stack, as an attacker would meet them:
 * guessing passwords, spoofing X-Forwarded-For, re-sending codes and mails, paging past the end,
 * busting the image cache and retrying a state-changing call. The stack is one client address
 * for every suite, so counters are cleared before and after each test.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { Timestamp } from "firebase-admin/firestore";
import { IMAGE_MAX_BYTES, paths } from "@platform/common";
import { contract } from "@platform/common/api";
import { ApiClient, PNG_BYTES, adminForStack, idTokenFor, route } from "../support/api-client.js";

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
  api.call(...route(contract.auth.login), { body: { email, password }, headers });

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
      api.call(...route(contract.auth.registerStep1), {
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
      api.call(...route(contract.auth.requestPasswordReset), { body: { email: user.email } });
    for (let i = 0; i < 3; i++) expect((await reset()).status).toBe(200);
    expectLimited(await reset());
  });

  it("sends at most 3 e-mail confirmations per address an hour", async () => {
    const user = await member("onay", { verified: false });
    const token = await idTokenFor(user.email, PASSWORD);
    const confirm = () =>
      api.call(...route(contract.auth.sendEmailConfirmation), {
        token,
        body: { email: user.email },
      });
    for (let i = 0; i < 3; i++) expect((await confirm()).status).toBe(200);
    expectLimited(await confirm());
  });
});

describe("reads that cost", () => {
  it("refuses directory pages past the last instead of skipping documents", async () => {
    const first = await api.call<{ pagination: { totalPages: number } }>(
      ...route(contract.users.listByType, { type: "JUNIOR" }, { page: "1", limit: "100" }),
    );
    expect(first.status).toBe(200);
    const past = await api.call(
      ...route(
        contract.users.listByType,
        { type: "JUNIOR" },
        { page: String(first.body.pagination.totalPages + 1), limit: "100" },
      ),
    );
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(
      `Sayfa numarası geçersiz: son sayfa ${first.body.pagination.totalPages}.`,
    );
  });

  it("lets the CDN answer visitors' image lists and refuses cache-busting requests", async () => {
    const owner = await member("gorsel");
    // Through Hosting: its header rules leave the function's own Cache-Control on `/api` answers.
    const visitor = await api.call(...route(contract.images.ofOwner, { relatedId: owner.uid }));
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toMatch(/public, .*s-maxage=\d+/);
    expect(visitor.headers.get("vary")).toMatch(/authorization/i);
    const token = await idTokenFor(owner.email, PASSWORD);
    const own = await api.call(...route(contract.images.ofOwner, { relatedId: owner.uid }), {
      token,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(
      (await api.call(...route(contract.images.ofOwner, { relatedId: owner.uid }, { v: run })))
        .status,
    ).toBe(400);
    expect(
      (
        await api.call(...route(contract.images.ofOwner, { relatedId: owner.uid }), {
          token: "uydurma",
        })
      ).status,
    ).toBe(401);
    // Every other API answer is stored nowhere.
    expect((await api.call(...route(contract.health))).headers.get("cache-control")).toBe(
      "no-store",
    );
  });

  it("keeps the static files' caching: index.html revalidated, hashed assets immutable", async () => {
    const page = await fetch(`${hosting}/`);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const asset = /\/assets\/[^"]+\.js/.exec(await page.text())?.[0];
    expect(asset).toBeDefined();
    const script = await fetch(`${hosting}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const icon = await fetch(`${hosting}/favicon.svg`);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=86400");
    for (const deepLink of ["/projeler", "/apiler", "/a"]) {
      expect((await fetch(`${hosting}${deepLink}`)).headers.get("cache-control"), deepLink).toBe(
        "no-cache",
      );
    }
  });

  it("sends a 5 MB image's bytes once to a cache; its revalidations get a 304 without them", async () => {
    const owner = await member("buyuk");
    await admin.db.doc(paths.user(owner.uid)).set({ name: "Büyük Fotoğraf" });
    const token = await idTokenFor(owner.email, PASSWORD);
    const upload = async () => {
      const bytes = Buffer.alloc(IMAGE_MAX_BYTES, 7);
      PNG_BYTES.copy(bytes);
      const form = new FormData();
      form.set("relatedId", owner.uid);
      form.set("relatedType", "User");
      form.set("imageType", "Profile");
      form.set("file", new Blob([bytes], { type: "image/png" }), "buyuk.png");
      expect((await api.call(...route(contract.images.upload), { token, form })).status).toBe(201);
    };
    await upload();
    const url = `${hosting}/api/images/${owner.uid}`;
    const firstStarted = performance.now();
    const first = await fetch(url);
    const firstBytes = (await first.arrayBuffer()).byteLength;
    const firstMs = performance.now() - firstStarted;
    expect(first.status).toBe(200);
    // base64 twice (content and dataUrl): well over the image itself
    expect(firstBytes).toBeGreaterThan(2 * IMAGE_MAX_BYTES);
    expect(first.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=3600");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);

    // The abuse, as the CDN meets it: it serves repeats from its copy for s-maxage and then asks the
    // function whether the copy still holds. 30 such requests cost no image bytes at all.
    let sent = 0;
    const started = performance.now();
    for (let i = 0; i < 30; i++) {
      const again = await fetch(url, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      sent += (await again.arrayBuffer()).byteLength;
      expect(again.headers.get("etag")).toBe(etag);
    }
    const revalidationMs = (performance.now() - started) / 30;
    expect(sent).toBe(0);
    console.info(
      `image list: first answer ${firstBytes} bytes in ${firstMs.toFixed(0)} ms; ` +
        `30 revalidations ${sent} bytes, ${revalidationMs.toFixed(1)} ms each`,
    );

    // A new photo is a new version: the next revalidation gets the new list.
    await upload();
    const changed = await fetch(url, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await changed.arrayBuffer()).byteLength).toBeGreaterThan(2 * IMAGE_MAX_BYTES);
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
      api.call(...route(contract.positions.add), {
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
