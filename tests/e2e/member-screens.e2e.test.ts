/**
 * Screen behaviours of the member side, through the built app and the whole local stack at phone
 * and desktop width: the rating popup's close and reload, the rating and skill averages, a pending
 * application counting as a project, the docs/product-rules.md#api-error-text texts of partial failures, API error events, the
 * e-mail confirmation result, the return after login and the birth-date bounds.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { istanbulParts, paths, slugifyName } from "@platform/common";
import { screenshot, viewports } from "../support/browser.js";
import { seedLiveProject } from "../support/journey-seed.js";
import { interceptQueries } from "../support/pages.js";
import {
  adminDb,
  createMember,
  latestMailText,
  memberSuiteBrowser,
  MEMBER_PASSWORD as PASSWORD,
  openMemberPage,
} from "../support/member-stack.js";

const hosting = inject("stackUrls").hosting!;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const browser = memberSuiteBrowser();

async function member(name: string, position = "Frontend Developer", verified = true) {
  const userName = slugifyName(name);
  const email = `${userName}@example.com`;
  const uid = await createMember({ name, email, password: PASSWORD, position, verified });
  return { uid, name, userName, email };
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Clicks star `value` of a rating row: each star is the label of a visually hidden radio. */
async function rate(scope: Locator, group: string, value: number) {
  const row = scope.getByRole("group", { name: group });
  const id = await row.getByLabel(`${group}: ${value}`).getAttribute("id");
  await row.locator(`label[for="${id}"]`).click();
}

/** Records, across reloads, whether the page ever showed `text`. */
async function watchForText(page: Page, text: string): Promise<() => boolean> {
  let seen = false;
  await page.exposeFunction("reportWatchedText", () => {
    seen = true;
  });
  await page.addInitScript((watched) => {
    const check = () => {
      if (document.body?.innerText.includes(watched)) {
        (window as unknown as { reportWatchedText(): void }).reportWatchedText();
      }
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, text);
  return () => seen;
}

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("member screens at %s width", (name, viewport) => {
  it("the rating popup never flashes 'Vote ID gerekli' and reloads the page after a vote", async () => {
    const voter = await member(`Oylayan ${name}`);
    const now = Date.now();
    const voteId = `ekran-oy-${name}`;
    await adminDb()
      .doc(`${paths.votes}/${voteId}`)
      .set({
        voterId: voter.uid,
        targetUserId: `hedef-${name}`,
        targetUser: { name: "Ece Kaya", userName: "ece-kaya", type: "JUNIOR" },
        projectId: "proj-x",
        weekId: "2026-W47",
        kind: "PEER",
        skills: [],
        status: "PENDING",
        opensAt: new Date(now - HOUR),
        closesAt: new Date(now + 6 * HOUR),
        completedAt: null,
      });
    await adminDb()
      .doc(`${paths.notifications}/ekran-oy-${name}`)
      .set({
        userId: voter.uid,
        dedupeKey: `ekran-oy-${name}`,
        type: "PROJECT_USER_VOTETIME",
        read: false,
        createdAt: new Date(now - MIN),
        content: { projectId: "proj-x", targetUser: "Ece Kaya", voteId },
      });
    const { context, page, errors } = await openMemberPage(browser(), viewport, voter.email);
    const sawVoteIdRequired = await watchForText(page, "Vote ID gerekli");

    // closing without voting
    await page.goto(`${hosting}/bildirimler?oylama=${voteId}`);
    let modal = page.getByRole("dialog", { name: "Haftalık Değerlendirme" });
    await modal.getByText("Ekip arkadaşınız Ece Kaya için").waitFor();
    await modal.getByRole("button", { name: "Vazgeç" }).click();
    await modal.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${hosting}/bildirimler`);

    // voting: the notification goes, the page reloads, the success stays on screen
    await page.goto(`${hosting}/bildirimler?oylama=${voteId}`);
    modal = page.getByRole("dialog", { name: "Haftalık Değerlendirme" });
    await modal.getByText("Ekip arkadaşınız Ece Kaya için").waitFor();
    for (const category of [
      "Zaman Yönetimi",
      "İletişim",
      "Problem Çözme",
      "Gelişim",
      "İnisiyatif",
    ]) {
      await rate(modal, category, 4);
    }
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    await modal.getByRole("button", { name: "Gönder" }).click();
    await page.waitForURL(`${hosting}/bildirimler`);
    await toast(page, "Degerlendirme basariyla gonderildi").waitFor();
    await page.getByRole("heading", { name: "Bildirimler (0)" }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
    ).toBeUndefined();
    await screenshot(page, `member-screens-${name}-after-vote`);
    expect((await adminDb().doc(`${paths.votes}/${voteId}`).get()).data()!.status).toBe(
      "COMPLETED",
    );
    expect(sawVoteIdRequired()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the account page: 'Hesabım', averages in the feedback section, the confirmation link's outcome", async () => {
    const m = await member(`Ortalama ${name}`, "Frontend Developer", false);
    await adminDb()
      .doc(paths.user(m.uid))
      .update({
        address: "Türkiye - İzmir",
        totalRate: {
          timeControl: 4.5,
          communication: 4,
          problemSolving: 3.25,
          improvement: 5,
          initiative: 4,
        },
        rateCount: 2,
        skillVotes: { React: 4.5, TypeScript: 3 },
        skillVoteCounts: { React: 2, TypeScript: 2 },
      });
    const { context, page, errors } = await openMemberPage(browser(), viewport, m.email);

    // a link that no longer works: said so, with a way to get a new one
    await page.goto(`${hosting}/hesabim/${m.userName}?emailVerified=false`);
    await page.getByRole("heading", { level: 1, name: "Hesabım" }).waitFor();
    const result = page.getByTestId("email-verification-result");
    await result.getByText("Geçersiz veya süresi dolmuş onay bağlantısı.").waitFor();
    const before = Date.now() - 1000;
    await result.getByRole("button", { name: "Onay bağlantısını tekrar gönder" }).click();
    await toast(page, "Mailinizi kontrol edin. Onay bağlantısı gönderildi.").waitFor();
    await screenshot(page, `member-screens-${name}-confirmation-expired`);

    const personal = page.getByTestId("account-personal");
    await personal.getByText("İzmir, Türkiye").waitFor();
    const feedback = page.getByTestId("account-feedback");
    const averages = await feedback.getByTestId("rating-averages").innerText();
    expect(averages).toContain("Zaman Yönetimi");
    expect(averages).toContain("4.5 / 5");
    expect(averages).toContain("3.3 / 5");
    const skills = await feedback.getByTestId("skill-averages").innerText();
    expect(skills).toContain("Yetenek Ortalamaları");
    expect(skills).toMatch(/React\s+4\.5 \/ 5/);
    expect(skills).toMatch(/TypeScript\s+3\.0 \/ 5/);
    // the survey section keeps only the pending votes
    expect(await page.getByTestId("account-survey").getByText("4.5 / 5").count()).toBe(0);
    await feedback.scrollIntoViewIfNeeded();
    await screenshot(page, `member-screens-${name}-averages`);

    // the link from the mail confirms the address and comes back with the outcome
    const mail = await latestMailText(m.email, before);
    const link = /(https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+)/.exec(mail)![1]!;
    await page.goto(link);
    await page.waitForURL(`${hosting}/hesabim/${m.userName}?emailVerified=true`);
    await page
      .getByTestId("email-verification-result")
      .getByText("E-posta adresiniz onaylandı.")
      .waitFor();
    await page.getByTestId("account-contact").getByLabel("Onaylandı").waitFor();
    await screenshot(page, `member-screens-${name}-confirmed`);

    // the public profile shows the skill averages and the same address format
    await page.goto(`${hosting}/junior/${m.userName}`);
    const publicSkills = page.getByTestId("profile-skills").getByTestId("skill-averages");
    expect(await publicSkills.innerText()).toMatch(/React\s+4\.5 \/ 5/);
    await page.getByText("İzmir, Türkiye").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a pending application counts as a project: the second join and the position change are refused at once", async () => {
    const m = await member(`Başvuran ${name}`);
    const projectId = `ekran-proje-${name}`;
    const start = Date.now();
    await seedLiveProject({
      projectId,
      title: `Ekran Projesi ${name}`,
      liveSince: new Date(start - 8 * DAY),
      window: { startsAt: new Date(start - HOUR), endsAt: new Date(start + 23 * HOUR) },
      team: [],
      // written differently from the member's position: the same name for client and server
      openSeats: [{ id: "pos-fe", positionName: "  frontend DEVELOPER ", type: "JUNIOR" }],
    });
    const { context, page, errors } = await openMemberPage(browser(), viewport, m.email);
    const applications: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/apply")) applications.push(r.url());
    });

    await page.goto(`${hosting}/projeler`);
    await page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`).click();
    const detail = page.getByTestId("project-detail");
    await detail.getByRole("radio").first().check();
    const join = detail.getByRole("button", { name: "Projeye Katıl" });
    // the list reloaded after the application fails: it stays on screen and says so
    await interceptQueries(page, "projects", "fail");
    await join.click();
    await toast(page, "Başvurunuz başarıyla tamamlandı.").waitFor();
    await page
      .getByTestId("projects-reload-error")
      .getByText("Proje listesi yüklenirken bir hata oluştu")
      .waitFor({ timeout: 20_000 });
    expect(await detail.isVisible()).toBe(true);
    await join.click();
    await toast(page, "Katılmış olduğunuz proje bulunmaktadır.").waitFor();
    await screenshot(page, `member-screens-${name}-applied`);
    expect(applications).toHaveLength(1);

    // the position is locked on the account page, as for a member in a project
    await page.goto(`${hosting}/hesabim/${m.userName}`);
    await page.getByRole("button", { name: "Kişisel Bilgiler düzenle" }).click();
    const dialog = page.getByRole("dialog", { name: "Kişisel Bilgileri Düzenle" });
    expect(await dialog.getByLabel("Pozisyon", { exact: true }).isDisabled()).toBe(true);
    await dialog
      .getByText("Pozisyonunuzu değiştirmek için önce projeden ayrılmalısınız.")
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("birth date: no future month or day on offer, a future date refused before saving", async () => {
    const m = await member(`Doğum ${name}`);
    const { context, page } = await openMemberPage(browser(), viewport, m.email);
    await page.goto(`${hosting}/hesabim/${m.userName}`);
    await page.getByRole("button", { name: "Kişisel Bilgiler düzenle" }).click();
    const dialog = page.getByRole("dialog", { name: "Kişisel Bilgileri Düzenle" });
    const pick = async (label: string, option: string) => {
      await dialog
        .getByLabel(new RegExp(`^${label}( \\*)?$`))
        .first()
        .click();
      await page.getByRole("option", { name: option, exact: true }).click();
    };
    const today = istanbulParts(new Date());
    const pad = (n: number) => String(n).padStart(2, "0");

    // December 31 chosen first, then this year: refused unless today is that day
    await pick("Gün", "31");
    await pick("Ay", "12");
    await pick("Yıl", String(today.year));
    await dialog
      .getByLabel(/^Ay( \*)?$/)
      .first()
      .click();
    const months = await page.getByRole("option").allInnerTexts();
    expect(months.at(-1)).toBe(pad(today.month));
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    if (today.month !== 12 || today.day !== 31) {
      await dialog.getByText("Doğum tarihi gelecekte olamaz.").waitFor();
    }
    await screenshot(page, `member-screens-${name}-birth-date`);
    expect((await adminDb().doc(paths.user(m.uid)).get()).data()!.birthDate).toBe("");

    // in the current month the days stop at today
    await pick("Ay", pad(today.month));
    await dialog
      .getByLabel(/^Gün( \*)?$/)
      .first()
      .click();
    const days = await page.getByRole("option").allInnerTexts();
    expect(days.at(-1)).toBe(pad(today.day));
    await context.close();
  });

  it("failures: a failed account load opens the 500 screen, a failed section or photo record says so", async () => {
    const m = await member(`Hata ${name}`);
    // a photo path without an image record behind it
    await adminDb()
      .doc(paths.user(m.uid))
      .update({ photoPath: `users/${m.uid}/profile/olmayan.png` });
    let opened = await openMemberPage(browser(), viewport, m.email);
    let page = opened.page;

    // only the feedback list fails: the page stays, the section says so
    await page.route("**/api/votes/feedbacks*", (r) =>
      r.fulfill({ status: 500, contentType: "application/json", body: '{"success":false}' }),
    );
    await page.goto(`${hosting}/hesabim/${m.userName}`);
    await page
      .getByTestId("account-feedback")
      .getByText("Kullanıcı verileri alınamadı.")
      .waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${hosting}/hesabim/${m.userName}`);

    // deleting a photo that has no record says so instead of reporting success
    await page.getByTestId("account-photo").hover();
    await page.getByRole("button", { name: "Fotoğrafı sil" }).click();
    await toast(page, "Silinecek profil fotoğrafı bulunamadı!").waitFor();
    await screenshot(page, `member-screens-${name}-photo-not-found`);
    await opened.context.close();

    // the member's own record fails after its retries: the 500 screen
    opened = await openMemberPage(browser(), viewport, m.email);
    page = opened.page;
    await page.route(`**/api/users/${m.uid}`, (r) =>
      r.fulfill({ status: 500, contentType: "application/json", body: '{"success":false}' }),
    );
    await page.goto(`${hosting}/hesabim/${m.userName}`);
    await page.waitForURL(`${hosting}/server-error`, { timeout: 30_000 });
    await page.getByTestId("server-error").getByText("Sayfayı Yenile").first().waitFor();
    await screenshot(page, `member-screens-${name}-server-error`);
    await opened.context.close();
  });

  it("a project's details that cannot be read again leave the page usable and say so", async () => {
    const projectId = `ekran-detay-${name}`;
    const start = Date.now();
    await seedLiveProject({
      projectId,
      title: `Detay Projesi ${name}`,
      liveSince: new Date(start - 8 * DAY),
      window: { startsAt: new Date(start - HOUR), endsAt: new Date(start + 23 * HOUR) },
      team: [],
      openSeats: [{ id: "pos-fe", positionName: "Frontend Developer", type: "JUNIOR" }],
    });
    const { context, page } = await openMemberPage(browser(), viewport);
    await page.route(/:8080\/v1\/projects\/.*documents:batchGet/, async (route) => {
      if (!(route.request().postData() ?? "").includes(`/documents/projects/${projectId}`)) {
        return route.continue();
      }
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        headers: { "access-control-allow-origin": "*" },
        body: JSON.stringify({ error: { code: 500, message: "boom", status: "INTERNAL" } }),
      });
    });
    await page.goto(`${hosting}/projeler`);
    await page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`).click();
    const detail = page.getByTestId("project-detail");
    await detail
      .getByTestId("project-detail-error")
      .getByText("Proje detayları yüklenirken bir hata oluştu")
      .waitFor({ timeout: 20_000 });
    await detail.getByRole("heading", { name: `Detay Projesi ${name}`, level: 2 }).waitFor();
    await detail.getByRole("radio", { name: "Jr Frontend Developer" }).waitFor();
    await screenshot(page, `member-screens-${name}-detail-error`);
    await context.close();
  });

  it("login returns to the page a guard sent the member away from", async () => {
    const m = await member(`Dönüş ${name}`);
    const { context, page } = await openMemberPage(browser(), viewport);
    await page.goto(`${hosting}/bildirimler`);
    await page.waitForURL(`${hosting}/giris_yap`);
    await page.getByLabel("E-posta").fill(m.email);
    await page.getByLabel(/^Şifre( \*)?$/).fill(PASSWORD);
    await page.getByRole("button", { name: "Giriş yap" }).click();
    await page.waitForURL(`${hosting}/bildirimler`);
    await page.getByRole("heading", { name: "Bildirimler (0)" }).waitFor();
    await context.close();
  });
});
