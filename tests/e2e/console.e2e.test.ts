/**
 * The local console (http://127.0.0.1:4000) on the demo data, in Chromium at 1440 px: a document
 * edited with the typed editor and read back with firebase-admin, an `ops` user added who then
 * signs in to the app, a file uploaded and deleted, the app's denied request with its rule line,
 * go-live "run as of" Friday 12:00, and the logs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { istanbulTime, paths } from "@platform/common";
import { seedDemoData } from "@platform/stack/demo";
import { projectId, repoRoot } from "@platform/stack/paths";
import { screenshot, suiteBrowser } from "../support/browser.js";
import { adminAuth, adminDb, storageObjects } from "../support/member-stack.js";
import { FIRESTORE_HOST, PROJECT_ID, clearStackData, pointAtStack } from "../support/stack-env.js";
import { smallPng } from "../support/upload-files.js";

const urls = inject("stackUrls");
const consoleUrl = urls.console!;
const hosting = urls.hosting!;
const desktop = { width: 1440, height: 900 };
// The demo data as seeded on Wednesday 18 November 2026: one project goes live on Friday 20th.
const seededAt = istanbulTime(2026, 11, 18, 10);
const OPS_EMAIL = "console.ops@example.com";
const OPS_PASSWORD = "Konsol-Sifre-2026";

const browser = suiteBrowser(async () => {
  pointAtStack();
  // An earlier suite's job runs of this week would make the console's go-live a no-op.
  await clearStackData();
  await seedDemoData({ projectId, now: seededAt, force: true });
});

const pages: Page[] = [];
let pageErrors: string[] = [];

async function openConsole(path: string): Promise<Page> {
  const context = await browser().newContext({ viewport: desktop });
  const page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  pages.push(page);
  await page.goto(`${consoleUrl}${path}`);
  return page;
}

beforeAll(() => {
  pageErrors = [];
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  expect(pageErrors).toEqual([]);
});

/** The line of firestore.rules holding `text` (1-based). */
function rulesLine(text: string): number {
  const lines = readFileSync(join(repoRoot, "firestore.rules"), "utf8").split("\n");
  return lines.findIndex((l) => l.includes(text)) + 1;
}

describe("local console", () => {
  it("shows every service of the stack running, the project id and the pages", async () => {
    const page = await openConsole("/");
    await expect.poll(() => page.getByText("running").count()).toBe(7);
    expect(await page.getByTestId("project-id").textContent()).toBe(projectId);
    const services = page.getByRole("table", { name: "Services" });
    for (const name of ["Hosting", "Functions", "Firestore", "Storage", "Auth", "Emulator hub"]) {
      await services.getByRole("cell", { name, exact: true }).waitFor();
    }
    await page.getByRole("link", { name: /^Jobs/ }).first().waitFor();
    await screenshot(page, "console-overview");
  });

  it("browses to a demo document, edits a field and adds a typed one (read back with firebase-admin)", async () => {
    const page = await openConsole("/firestore");
    await page.getByRole("link", { name: "projects", exact: true }).click();
    await page.getByRole("link", { name: "bisiklet-haritasi", exact: true }).click();
    await page.waitForURL(`${consoleUrl}/firestore/projects/bisiklet-haritasi`);
    const title = page.locator('tr[data-field="title"]');
    await title.getByText('"Bisiklet Paylaşım Haritası"').waitFor();

    await page.getByRole("button", { name: "Edit title" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Value", { exact: true }).fill("Bisiklet Haritası (konsol)");
    await dialog.getByRole("button", { name: "Save" }).click();
    await title.getByText('"Bisiklet Haritası (konsol)"').waitFor();

    await page.getByRole("button", { name: "Add field" }).click();
    await dialog.getByLabel("Field").fill("consoleScore");
    await dialog.getByLabel("Value type").click();
    await page.getByRole("option", { name: "number" }).click();
    await dialog.getByLabel("Value", { exact: true }).fill("42");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.locator('tr[data-field="consoleScore"]').getByText("integer").waitFor();
    await screenshot(page, "console-firestore-document");

    const stored = (await adminDb().doc(paths.project("bisiklet-haritasi")).get()).data()!;
    expect(stored.title).toBe("Bisiklet Haritası (konsol)");
    expect(stored.consoleScore).toBe(42);
    expect(stored.definition).toContain("bisiklet yollarını"); // the other fields stay
  });

  it("adds a user with the ops claim, who signs in to the app with that role", async () => {
    const page = await openConsole("/auth");
    await page.locator('tr[data-email="demo.ops@example.com"]').waitFor();
    await page.getByRole("button", { name: "Add user" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mail", { exact: true }).fill(OPS_EMAIL);
    await dialog.getByLabel("Password", { exact: true }).fill(OPS_PASSWORD);
    await dialog.getByLabel("Display name").fill("Konsol Ops");
    await dialog.getByLabel("E-mail verified").check();
    await dialog.getByLabel("Custom claims (JSON)").fill('{"role": "ops"}');
    await dialog.getByRole("button", { name: "Save" }).click();
    const row = page.locator(`tr[data-email="${OPS_EMAIL}"]`);
    await row.getByText('{"role":"ops"}').waitFor();
    await page.getByLabel("Search users").fill("konsol");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await screenshot(page, "console-auth-users");

    const user = await adminAuth().getUserByEmail(OPS_EMAIL);
    expect(user.customClaims).toEqual({ role: "ops" });
    expect(user.emailVerified).toBe(true);

    const app = await (await browser().newContext({ viewport: desktop })).newPage();
    pages.push(app);
    await app.goto(`${hosting}/giris_yap`);
    await app.getByLabel("E-posta").fill(OPS_EMAIL);
    await app.getByLabel(/^Şifre( \*)?$/).fill(OPS_PASSWORD);
    await app.getByRole("button", { name: "Giriş yap" }).click();
    await app.waitForURL((url) => !url.pathname.startsWith("/giris_yap"));
    const claims = await app.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith("firebase:authUser:"))!;
      const token = (
        JSON.parse(sessionStorage.getItem(key)!) as {
          stsTokenManager: { accessToken: string };
        }
      ).stsTokenManager.accessToken;
      const payload = token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
      return JSON.parse(atob(payload)) as { role?: string; email?: string };
    });
    expect(claims).toMatchObject({ role: "ops", email: OPS_EMAIL });
  });

  it("lists a request the rules refused to the app's session, with the rule line that refused it", async () => {
    const app = pages.at(-1)!; // the app, signed in as the ops user
    const junior = await adminAuth().getUserByEmail("demo.junior@example.com");
    const detailsPath = `users/${junior.uid}/private/details`;
    const detailsUrl = `http://${FIRESTORE_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${detailsPath}`;
    // The signed-in session asks for a Junior's private details: only the Junior and hr may.
    const status = await app.evaluate(async (url) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith("firebase:authUser:"))!;
      const token = (
        JSON.parse(sessionStorage.getItem(key)!) as {
          stsTokenManager: { accessToken: string };
        }
      ).stsTokenManager.accessToken;
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      return res.status;
    }, detailsUrl);
    expect(status).toBe(403);

    const page = await openConsole("/requests");
    await page.getByText("Denied", { exact: true }).click();
    await page.getByLabel("Filter by path").fill(detailsPath);
    const row = page.locator('tr[data-outcome="denied"]').filter({ hasText: detailsPath });
    await row.first().waitFor();
    const line = rulesLine("allow get: if isSelf(userId) || isHr();");
    await row.first().getByText(`firestore.rules:${line}`).waitFor();
    expect(await row.first().textContent()).toContain("ops");
    expect(await page.locator('tr[data-outcome="allowed"]').count()).toBe(0);
    await page.getByLabel("Filter by path").fill("");
    await screenshot(page, "console-requests");
  });

  it("uploads an image, previews it with its metadata, and deletes it", async () => {
    const page = await openConsole("/storage");
    const file = smallPng("console-e2e.png", 160, 120);
    await page.locator('input[type="file"]').setInputFiles(file);
    const details = page.locator('[aria-label="File details"]');
    await details.getByAltText("Preview of console-e2e.png").waitFor();
    await details.getByText("image/png").waitFor();
    await expect
      .poll(() =>
        page
          .getByAltText("Preview of console-e2e.png")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(160);
    expect((await storageObjects("console-e2e.png")).map((o) => o.bytes.length)).toEqual([
      file.buffer.length,
    ]);
    await screenshot(page, "console-storage");

    await details.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete file" }).click();
    await page.getByAltText("Preview of console-e2e.png").waitFor({ state: "detached" });
    await expect.poll(async () => (await storageObjects("console-e2e.png")).length).toBe(0);
  });

  it("runs go-live as of Friday 12:00 and the next queued project goes live", async () => {
    const page = await openConsole("/jobs");
    const row = page.locator('tr[data-job="go-live"]');
    await row.getByText("0 12 * * 5").waitFor();
    await row.getByLabel("go-live as of").fill("2026-11-20T12:00");
    await row.getByRole("button", { name: "Run as of" }).click();
    const result = page.locator('[aria-label="Last run"]');
    await result.getByText("go-live as of 2026-11-20T12:00: done").waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain("projectId: bisiklet-haritasi");
    await row
      .getByRole("link", { name: /^go-live-/ })
      .first()
      .waitFor();
    await screenshot(page, "console-jobs");

    const project = (await adminDb().doc(paths.project("bisiklet-haritasi")).get()).data()!;
    expect(project.isLive).toBe(true);
    expect(project.liveSince.toDate().toISOString()).toBe("2026-11-20T09:00:00.000Z");
  });

  it("finds the stack's log lines, including the console's job run", async () => {
    const page = await openConsole("/logs");
    await page.getByLabel("Search logs").fill("go-live as of");
    const lines = page.locator('[aria-label="Log lines"]');
    await lines.getByText(/✔ go-live as of 2026-11-20T09:00:00.000Z/).waitFor();
    await page.getByLabel("Search logs").fill("");
    await expect.poll(async () => (await lines.textContent())?.includes("[firebase]")).toBe(true);
    await screenshot(page, "console-logs");
  });
});
