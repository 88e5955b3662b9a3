/**
 * Live member screens: with the full Firestore SDK's listeners (WebChannel to our emulator) the
 * bell, the vote prompt, the project detail's seats and team and the account's projects change
 * within about a second of a write by firebase-admin, a job run through the job CLI or another
 * member's API call — without a reload. Afterwards the emulator reports no listener left behind:
 * a screen's targets end when the member navigates away, all of them at sign-out, and the channel
 * itself when the tab closes. The suites fail on any CSP violation (support/pages.ts).
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { addDays, paths, slugifyName, weekStart } from "@platform/common";
import { contract } from "@platform/common/api";
import { screenshot, viewports } from "../support/browser.js";
import { ApiClient, idTokenFor, route } from "../support/api-client.js";
import { runJob, seedLiveProject } from "../support/journey-seed.js";
import {
  adminDb,
  createMember,
  memberSuiteBrowser,
  MEMBER_PASSWORD as PASSWORD,
  openMemberPage,
} from "../support/member-stack.js";
import { listensOf } from "../support/stack-env.js";

const hosting = inject("stackUrls").hosting!;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** How soon a change must show: "within about a second", with room for a loaded machine. */
const LIVE_LIMIT_MS = 1_500;
const browser = memberSuiteBrowser();
/** Measured delays from the change to the screen, printed after the suite. */
const figures: string[] = [];

afterAll(() => {
  console.log(`live screen delays (ms):\n  ${figures.join("\n  ")}`);
});

async function member(name: string, position = "Frontend Developer") {
  const userName = slugifyName(name);
  const email = `${userName}@example.com`;
  const uid = await createMember({ name, email, password: PASSWORD, position });
  return { uid, name, userName, email, type: "JUNIOR" as const, positionName: position };
}

type Marked = { liveMark?: number };

/**
 * Runs `change`, then waits for `appears` within LIVE_LIMIT_MS; records the delay. The pages
 * must not reload meanwhile: a marker set on their window before the change survives.
 */
async function showsLive(
  pages: Page | Page[],
  label: string,
  change: () => Promise<unknown>,
  appears: () => Promise<unknown>,
): Promise<number> {
  const all = Array.isArray(pages) ? pages : [pages];
  for (const p of all) await p.evaluate(() => ((window as Marked).liveMark = 1));
  await change();
  const started = Date.now();
  await appears();
  const ms = Date.now() - started;
  figures.push(`${label}: ${ms}`);
  expect(ms).toBeLessThanOrEqual(LIVE_LIMIT_MS);
  for (const p of all) expect(await p.evaluate(() => (window as Marked).liveMark)).toBe(1);
  return ms;
}

const within = { timeout: LIVE_LIMIT_MS + 500 };

/** Polls the emulator until `uid`'s listeners match (they end asynchronously). */
async function expectListens(uid: string, expected: Partial<{ streams: number; targets: number }>) {
  await expect.poll(async () => listensOf(uid), { timeout: 5_000 }).toMatchObject(expected);
}

const bellWith = (page: Page, label: string) =>
  page.locator(`[data-testid="bell"][aria-label="${label}"]`);

async function notify(uid: string, id: string, projectTitle: string) {
  await adminDb()
    .doc(`${paths.notifications}/${id}`)
    .set({
      userId: uid,
      type: "PROJECT_UPDATED",
      read: false,
      createdAt: new Date(),
      content: { projectId: "proj-x", projectTitle },
      dedupeKey: id,
    });
}

describe("live member screens", () => {
  it("the bell's badge and open dropdown follow notifications written by firebase-admin", async () => {
    const ayse = await member("Ayşe Yıldız");
    const { context, page, errors } = await openMemberPage(
      browser(),
      viewports.desktop,
      ayse.email,
    );
    await page.goto(`${hosting}/`);
    await bellWith(page, "Bildirimler").waitFor();
    await expectListens(ayse.uid, { targets: 1 }); // the badge's unread notifications

    await showsLive(
      page,
      "bell badge, notification written",
      () => notify(ayse.uid, "live-1", "Kampüs Uygulaması"),
      () => bellWith(page, "1 okunmamış bildirim").waitFor(within),
    );

    await page.getByTestId("bell").click();
    const dropdown = page.getByTestId("bell-dropdown");
    await dropdown.getByText("Proje Aşaması Güncellendi!").waitFor();
    expect(await dropdown.getByTestId("notification").count()).toBe(1);
    await expectListens(ayse.uid, { targets: 2 }); // + the open list
    await showsLive(
      page,
      "bell dropdown, second notification",
      () => notify(ayse.uid, "live-2", "Mahalle Takası"),
      async () => {
        await expect.poll(() => dropdown.getByTestId("notification").count(), within).toBe(2);
        await bellWith(page, "2 okunmamış bildirim").waitFor(within);
      },
    );
    await screenshot(page, "member-live-bell");

    // read elsewhere (another tab, say): the badge drops here too
    await showsLive(
      page,
      "bell badge, read elsewhere",
      () => adminDb().doc(`${paths.notifications}/live-1`).update({ read: true }),
      () => bellWith(page, "1 okunmamış bildirim").waitFor(within),
    );
    await page.getByTestId("bell").click();
    await dropdown.waitFor({ state: "hidden" });
    await expectListens(ayse.uid, { targets: 1 });

    // /bildirimler follows as well
    await page
      .getByRole("link", { name: "1 okunmamış bildirim" })
      .or(page.getByTestId("bell"))
      .first();
    await page.goto(`${hosting}/bildirimler`);
    await page.getByRole("heading", { name: "Bildirimler (2)" }).waitFor();
    await showsLive(
      page,
      "notifications page, deleted elsewhere",
      () => adminDb().doc(`${paths.notifications}/live-2`).delete(),
      () => page.getByRole("heading", { name: "Bildirimler (1)" }).waitFor(within),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the vote prompt appears when the open-votes job opens the week's votes", async () => {
    const ece = await member("Ece Kaya");
    const mert = await member("Mert Koç", "Backend Developer");
    const now = Date.now();
    await seedLiveProject({
      projectId: "oylama-canli",
      title: "Oylama Projesi",
      liveSince: new Date(now - 8 * DAY),
      window: { startsAt: new Date(now - 8 * DAY), endsAt: new Date(now - 7 * DAY) },
      team: [ece, mert],
      openSeats: [],
    });
    const { context, page, errors } = await openMemberPage(browser(), viewports.desktop, ece.email);
    // the list is read from /api; the listeners then only have to say when to read it again
    const pendingRead = page.waitForResponse((r) => r.url().endsWith("/api/votes/pending"));
    await page.goto(`${hosting}/hesabim/${ece.userName}`);
    await pendingRead;
    const survey = page.getByTestId("account-survey");
    await survey.getByText("Bekleyen değerlendirme bulunmuyor.").waitFor();
    await bellWith(page, "Bildirimler").waitFor();
    // the badge, the own profile's current project, the pending votes
    await expectListens(ece.uid, { targets: 3 });

    // Friday 12:00 of the coming week: its votes close after the real clock's now
    const opensAt = addDays(weekStart(new Date(now)), 7);
    await showsLive(
      page,
      "vote prompt, open-votes job",
      async () => expect(await runJob("open-votes", opensAt)).toContain("opened: true"),
      async () => {
        await survey.getByRole("button", { name: "Mert Koç için değerlendir" }).waitFor(within);
        await bellWith(page, "1 okunmamış bildirim").waitFor(within);
      },
    );
    await screenshot(page, "member-live-vote");
    // the prompt opens the rating popup for that vote
    await survey.getByRole("button", { name: "Mert Koç için değerlendir" }).click();
    await page.getByRole("dialog", { name: "Haftalık Değerlendirme" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("seats, team and the account's projects follow a selection job and a member leaving", async () => {
    const can = await member("Can Demir", "Project Manager");
    const deniz = await member("Deniz Aksoy", "Backend Developer");
    const selin = await member("Selin Aydın");
    const now = Date.now();
    const windowEndsAt = new Date(now + 5 * MIN);
    const projectId = "koltuk-canli";
    const title = "Koltuk Projesi";
    await seedLiveProject({
      projectId,
      title,
      liveSince: new Date(now - 8 * DAY),
      window: { startsAt: new Date(now - HOUR), endsAt: windowEndsAt },
      team: [can],
      openSeats: [{ id: "pos-be", positionName: "Backend Developer", type: "JUNIOR" }],
    });
    const api = new ApiClient(hosting);
    const denizToken = await idTokenFor(deniz.email, PASSWORD);
    const applied = await api.call(...route(contract.positions.apply, { positionId: "pos-be" }), {
      token: denizToken,
    });
    expect(applied.status).toBe(201);

    // Selin watches the project; Deniz has their own account page open
    const watcher = await openMemberPage(browser(), viewports.desktop, selin.email);
    const page = watcher.page;
    await page.goto(`${hosting}/projeler`);
    await page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`).click();
    const detail = page.getByTestId("project-detail");
    await detail.getByText("Ekip: 1/2").waitFor();
    await detail.getByRole("radio", { name: "Jr Backend Developer" }).waitFor();
    await expectListens(selin.uid, { targets: 3 }); // the badge, the project, its positions

    const own = await openMemberPage(browser(), viewports.desktop, deniz.email);
    const ownProjectsRead = own.page.waitForResponse((r) =>
      r.url().includes("/api/projects/userProjects/"),
    );
    await own.page.goto(`${hosting}/hesabim/${deniz.userName}`);
    const projects = own.page.getByTestId("account-projects");
    await ownProjectsRead;
    await projects.getByText("--", { exact: true }).waitFor();
    // the badge, the own profile's current project, the pending votes
    await expectListens(deniz.uid, { targets: 3 });
    const row = own.page.getByTestId("account-project").filter({ hasText: title });
    const menu = own.page.getByRole("button", { name: `${title} proje menüsü` });

    await showsLive(
      [page, own.page],
      "seat filled + account's projects, select-applicants job",
      async () => {
        const out = await runJob("select-applicants", new Date(windowEndsAt.getTime() + MIN));
        expect(out).toContain("✔ select-applicants");
      },
      async () => {
        await detail.getByText("Ekip: 2/2").waitFor(within);
        await detail.getByTestId("team-member").filter({ hasText: "Deniz Aksoy" }).waitFor(within);
        await detail.getByRole("radio", { name: "Jr Backend Developer" }).waitFor({
          state: "detached",
          ...within,
        });
        await row.getByText("Backend Developer · Devam Ediyor").waitFor(within);
        await menu.waitFor(within);
      },
    );
    // the card in the list follows the detail
    await page
      .locator(`[data-testid="project-card"][data-project-id="${projectId}"]`)
      .getByText("2/2")
      .waitFor();
    await screenshot(page, "member-live-seat-filled");

    await showsLive(
      [page, own.page],
      "seat freed + account's projects, member leaves through /api",
      async () => {
        const left = await api.call(...route(contract.projects.leave), {
          token: denizToken,
          body: { projectId },
        });
        expect(left.status).toBe(200);
      },
      async () => {
        await detail.getByText("Ekip: 1/2").waitFor(within);
        await detail.getByRole("radio", { name: "Jr Backend Developer" }).waitFor(within);
        await menu.waitFor({ state: "detached", ...within });
      },
    );

    // navigating away ends the project's listeners; the badge's stays
    await page
      .getByRole("link", { name: /anasayfa$/ })
      .first()
      .click();
    await page.waitForURL(`${hosting}/`);
    await expectListens(selin.uid, { targets: 1 });

    // signing out ends every listener, then the channel
    await page.goto(`${hosting}/hesabim/${selin.userName}`);
    await page.getByRole("button", { name: "Çıkış Yap" }).click();
    await page.waitForURL(`${hosting}/giris_yap`);
    await expectListens(selin.uid, { targets: 0 });
    await expectListens(selin.uid, { streams: 0 });

    // a tab that closes ends its channel at once (no 60 s idle timeout)
    await own.page.close({ runBeforeUnload: true });
    await expectListens(deniz.uid, { streams: 0, targets: 0 });

    expect(watcher.errors).toEqual([]);
    expect(own.errors).toEqual([]);
    await watcher.context.close();
    await own.context.close();
  });
});
