/**
 * The full web SDK (`firebase/firestore`) in headless Chromium against the emulator over
 * WebChannel, in its three transport modes: streaming (auto-detection off), forced long-polling
 * (`experimentalForceLongPolling`) and the SDK's default auto-detection. Per mode: a document and
 * a query listener see a change written by firebase-admin within 1 s, a listen the rules deny is
 * removed with permission-denied while the others go on, setDoc/updateDoc travel the Write stream
 * (a denied one is refused), and terminate() leaves no session or target behind.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";

const here = dirname(fileURLToPath(import.meta.url));
const CHROMIUM = "/usr/bin/chromium";
const projectId = `demo-webchannel-${randomUUID().slice(0, 8)}`;
const UID = "ayse";
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /notes/{id} {
      allow read: if request.auth != null;
      allow create, update: if request.auth != null && request.resource.data.owner == request.auth.uid;
    }
    match /items/{id} {
      allow read: if request.auth != null;
    }
    match /secret/{id} {
      allow read, write: if false;
    }
  }
}`;

const PAGE = `<!doctype html><meta charset="utf-8"><title>Firestore WebChannel test</title>
<script type="module" src="/bundle.js"></script>`;

interface PageEvent {
  kind: "snapshot" | "error";
  at: number;
  fromCache?: boolean;
  pending?: boolean;
  data?: unknown;
  code?: string;
}

let dir: string;
let emulator: RunningFirestoreEmulator;
let pageServer: Server;
let pageUrl: string;
let context: BrowserContext;
let adminApp: App;
let admin: Firestore;
/** Delivery delays (admin write → browser snapshot), ms, per mode. */
const delays: Record<string, number[]> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "firestore-webchannel-test-"));
  emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  const rules = await fetch(
    `http://127.0.0.1:${emulator.port}/emulator/v1/projects/${projectId}:securityRules`,
    {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rules: { files: [{ name: "firestore.rules", content: RULES }] } }),
    },
  );
  expect(rules.status).toBe(200);
  process.env.METADATA_SERVER_DETECTION = "none";
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  adminApp = initializeApp({ projectId }, `admin-${projectId}`);
  admin = getFirestore(adminApp);
  // The admin SDK's first call opens its gRPC channel; the delivery times should not include it.
  await admin.listCollections();

  await build({
    entryPoints: [join(here, "browser", "firestore-page.js")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outfile: join(dir, "bundle.js"),
    logLevel: "silent",
  });
  // The page comes from another port: every channel request is cross-origin, with credentials.
  pageServer = createServer((req, res) => {
    if (req.url !== "/bundle.js") {
      res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE);
      return;
    }
    readFile(join(dir, "bundle.js")).then(
      (body) => res.writeHead(200, { "Content-Type": "text/javascript" }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  await waitForChromium();
  context = await chromium.launchPersistentContext(join(dir, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}, 180_000);

afterAll(async () => {
  console.log(
    `WebChannel delivery delays (admin write → browser snapshot, ms): ${JSON.stringify(delays)}`,
  );
  await context?.close();
  await new Promise((resolve) => pageServer?.close(resolve));
  if (adminApp) await deleteApp(adminApp);
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

async function waitForChromium(): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} is not installed`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const MODES = ["streaming", "long-polling", "auto"] as const;

describe.each(MODES)("firebase/firestore in Chromium over WebChannel (%s)", (mode) => {
  let page: Page;
  const before = { streaming: 0, longPolling: 0 };

  const events = (name: string) =>
    page.evaluate(
      (n) => (globalThis as unknown as { events: Record<string, PageEvent[]> }).events[n] ?? [],
      name,
    );

  /** The first recorded event of `name` from index `from` on that `match` accepts. */
  async function nextEvent(
    name: string,
    match: (e: PageEvent) => boolean,
    from = 0,
  ): Promise<PageEvent> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = (await events(name)).slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching "${name}" event within 10 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const eventCount = async (name: string) => (await events(name)).length;

  const call = <T>(fn: string, ...args: unknown[]): Promise<T> =>
    page.evaluate(
      ({ fn, args }) =>
        (globalThis as unknown as Record<string, (...a: unknown[]) => Promise<T>>)[fn]!(...args),
      { fn, args },
    );

  beforeAll(async () => {
    Object.assign(before, emulator.webChannel.backChannels);
    page = await context.newPage();
    await page.goto(pageUrl);
    await page.waitForFunction(() => "openFirestore" in globalThis);
    await call("openFirestore", {
      host: "127.0.0.1",
      port: emulator.port,
      projectId,
      uid: UID,
      mode,
    });
  });

  afterAll(async () => {
    await page?.close();
  });

  it("delivers an admin write to a document and a query listener within 1 s", async () => {
    const noteId = randomUUID();
    const group = randomUUID();
    await call("listenDoc", "note", `notes/${noteId}`);
    await call("listenQuery", "items", "items", "group", group);
    const fromServer = (e: PageEvent) => e.kind === "snapshot" && !e.fromCache && !e.pending;
    expect((await nextEvent("note", fromServer)).data).toBeUndefined();
    expect((await nextEvent("items", fromServer)).data).toEqual([]);

    const [noteSeen, itemsSeen] = [await eventCount("note"), await eventCount("items")];
    const start = Date.now();
    await admin.doc(`notes/${noteId}`).set({ owner: "admin", text: "güncel" });
    await admin.doc(`items/${randomUUID()}`).set({ group, n: 1 });
    const note = await nextEvent("note", (e) => fromServer(e) && e.data !== undefined, noteSeen);
    const items = await nextEvent(
      "items",
      (e) => fromServer(e) && (e.data as unknown[]).length === 1,
      itemsSeen,
    );
    expect(note.data).toEqual({ owner: "admin", text: "güncel" });
    expect(items.data).toEqual([expect.objectContaining({ group, n: 1 })]);
    const delay = Math.max(note.at, items.at) - start;
    (delays[mode] ??= []).push(delay);
    expect(delay).toBeLessThan(1000);
  });

  it("removes a denied listen with permission-denied and keeps the others", async () => {
    const noteId = randomUUID();
    await call("listenDoc", "secret", `secret/${randomUUID()}`);
    await call("listenDoc", "kept", `notes/${noteId}`);
    expect((await nextEvent("secret", (e) => e.kind === "error")).code).toBe("permission-denied");
    const seen = await eventCount("kept");
    const start = Date.now();
    await admin.doc(`notes/${noteId}`).set({ owner: "admin", n: 7 });
    const kept = await nextEvent(
      "kept",
      (e) => e.kind === "snapshot" && !e.fromCache && e.data !== undefined,
      seen,
    );
    expect(kept.data).toEqual({ owner: "admin", n: 7 });
    (delays[mode] ??= []).push(kept.at - start);
  });

  it("writes with setDoc and updateDoc through the Write stream", async () => {
    const path = `notes/${randomUUID()}`;
    await call("listenDoc", "mine", path);
    expect(await call("setDocument", path, { owner: UID, n: 1, text: "çalışma" })).toBe("ok");
    expect((await admin.doc(path).get()).data()).toEqual({ owner: UID, n: 1, text: "çalışma" });
    expect(await call("updateDocument", path, { n: 2 })).toBe("ok");
    expect((await admin.doc(path).get()).get("n")).toBe(2);
    const confirmed = await nextEvent(
      "mine",
      (e) =>
        e.kind === "snapshot" && !e.pending && !e.fromCache && (e.data as { n?: number })?.n === 2,
    );
    expect(confirmed.data).toEqual({ owner: UID, n: 2, text: "çalışma" });
    // The rules refuse a note owned by someone else; the Write stream reports it.
    expect(await call("setDocument", `notes/${randomUUID()}`, { owner: "mehmet", n: 1 })).toBe(
      "permission-denied",
    );
    expect(await call("setDocument", `secret/${randomUUID()}`, { n: 1 })).toBe("permission-denied");
  });

  it("used the expected back channels and leaves no session after terminate()", async () => {
    const used = {
      streaming: emulator.webChannel.backChannels.streaming - before.streaming,
      longPolling: emulator.webChannel.backChannels.longPolling - before.longPolling,
    };
    console.log(`${mode}: back channels opened ${JSON.stringify(used)}`);
    if (mode === "streaming") expect(used).toMatchObject({ longPolling: 0 });
    if (mode === "long-polling") expect(used).toMatchObject({ streaming: 0 });
    if (mode === "auto") expect(used.streaming).toBeGreaterThan(0);
    expect(used.streaming + used.longPolling).toBeGreaterThan(0);
    expect(emulator.webChannel.sessionCount).toBeGreaterThan(0);
    expect(emulator.webChannel.listenCounts.targets).toBeGreaterThan(0);

    await call("closeFirestore");
    await until(
      () =>
        emulator.webChannel.sessionCount === 0 &&
        emulator.webChannel.listenCounts.streams === 0 &&
        emulator.webChannel.listenCounts.targets === 0,
      "sessions and targets to be released",
    );
  });
});
