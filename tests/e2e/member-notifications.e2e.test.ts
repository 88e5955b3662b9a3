/**
 * A member reads and deletes notifications on /bildirimler and answers the weekly vote from a
 * 'Oylama Zamanı' notification, through the built app and the whole local stack, at phone and
 * desktop width — checking the texts and what reached Firestore.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { paths } from "@platform/common";
import { screenshot, viewports } from "../support/browser.js";
import {
  adminDb,
  createMember,
  memberSuiteBrowser,
  MEMBER_PASSWORD as PASSWORD,
  openMemberPage,
} from "../support/member-stack.js";

const hosting = inject("stackUrls").hosting!;
const MIN = 60_000;
const browser = memberSuiteBrowser();

async function seed(tag: string) {
  const email = `bildirim.${tag}@example.com`;
  const uid = await createMember({ name: `Bildirim ${tag}`, email, password: PASSWORD });
  const db = adminDb();
  const now = Date.now();
  const voteId = `vote-${tag}`;
  await db.doc(`${paths.votes}/${voteId}`).set({
    voterId: uid,
    targetUserId: `target-${tag}`,
    targetUser: { name: "Ece Kaya", userName: "ece-kaya", type: "JUNIOR" },
    projectId: "proj-x",
    weekId: "2026-W47",
    kind: "PEER",
    skills: [],
    status: "PENDING",
    opensAt: new Date(now - 60 * MIN),
    closesAt: new Date(now + 6 * 60 * MIN),
    completedAt: null,
  });
  const note = (id: string, data: Record<string, unknown>) =>
    db.doc(`${paths.notifications}/${id}-${tag}`).set({ userId: uid, dedupeKey: id, ...data });
  await note("updated", {
    type: "PROJECT_UPDATED",
    read: false,
    createdAt: new Date(now - 5 * MIN - 10_000),
    content: { projectId: "proj-x", projectTitle: "Kampüs Uygulaması" },
  });
  await note("votetime", {
    type: "PROJECT_USER_VOTETIME",
    read: false,
    createdAt: new Date(now - (2 * 60 + 7) * MIN - 10_000),
    content: { projectId: "proj-x", targetUser: "Ece Kaya", voteId },
  });
  await note("left", {
    type: "PROJECT_USER_LEFT",
    read: true,
    createdAt: new Date(now - 3 * 24 * 60 * MIN - 10_000),
    content: { projectId: "proj-x", userName: "Can Demir" },
  });
  return { email, uid, voteId };
}

const rows = (page: Page) => page.getByTestId("notification");

/** Clicks star `value` of a rating row: each star is the label of a visually hidden radio. */
async function rate(scope: Locator, group: string, value: number) {
  const row = scope.getByRole("group", { name: group });
  const id = await row.getByLabel(`${group}: ${value}`).getAttribute("id");
  await row.locator(`label[for="${id}"]`).click();
}

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("notifications and the weekly vote at %s width", (name, viewport) => {
  it("lists, marks read on click, deletes and answers the vote", async () => {
    const { email, uid, voteId } = await seed(name);
    const { context, page, errors } = await openMemberPage(browser(), viewport, email);

    await page.goto(`${hosting}/bildirimler`);
    await page.getByRole("heading", { name: "Bildirimler (3)" }).waitFor();
    await page.getByRole("navigation", { name: "Sayfa yolu" }).getByText("Anasayfa").waitFor();
    expect(await rows(page).count()).toBe(3);
    const texts = await rows(page).allInnerTexts();
    expect(texts[0]).toContain("Proje Aşaması Güncellendi!");
    expect(texts[0]).toContain("5 dk önce");
    expect(texts[1]).toContain("Ekip Arkadaşınız Ece Kaya için Oylama Zamanı!");
    expect(texts[1]).toContain("2 saat 7 dk önce");
    expect(texts[2]).toContain("Proje Ekibinden Can Demir Ayrıldı!");
    expect(texts[2]).toContain("3 gün önce");
    expect(
      await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-read"))),
    ).toEqual(["false", "false", "true"]);
    expect(await rows(page).nth(0).getByRole("img", { name: "Okunmamış" }).count()).toBe(1);
    expect(await rows(page).nth(2).getByRole("img", { name: "Okunmamış" }).count()).toBe(0);
    await screenshot(page, `member-notifications-${name}-list`);

    // a click marks it read and opens the project list
    await rows(page).nth(0).getByText("Proje Aşaması Güncellendi!").click();
    await page.waitForURL(`${hosting}/projeler`);
    const updated = await adminDb().doc(`${paths.notifications}/updated-${name}`).get();
    expect(updated.data()!.read).toBe(true);

    // delete with the cross
    await page.goto(`${hosting}/bildirimler`);
    await page.getByRole("heading", { name: "Bildirimler (3)" }).waitFor();
    await rows(page).nth(2).getByRole("button", { name: "Bildirimi sil" }).click();
    await page.getByRole("heading", { name: "Bildirimler (2)" }).waitFor();
    expect((await adminDb().doc(`${paths.notifications}/left-${name}`).get()).exists).toBe(false);

    // vote time: the rating popup for the vote
    await rows(page).nth(1).getByText("Oylama Zamanı!").click();
    const modal = page.getByRole("dialog", { name: "Haftalık Değerlendirme" });
    await modal.getByText("Ekip arkadaşınız Ece Kaya için bu haftanın değerlendirmesi.").waitFor();
    expect(page.url()).toBe(`${hosting}/bildirimler?oylama=${voteId}`);
    await modal.getByRole("button", { name: "Gönder" }).click();
    await modal.getByText("Lütfen tüm değerlendirme kategorilerini doldurun.").waitFor();

    const stars: Record<string, number> = {
      "Zaman Yönetimi": 5,
      İletişim: 4,
      "Problem Çözme": 4,
      Gelişim: 3,
      İnisiyatif: 5,
    };
    for (const [category, value] of Object.entries(stars)) {
      await rate(modal, category, value);
    }
    await modal.getByLabel("Geri bildirim").fill("Çok yardımsever bir ekip arkadaşı.");
    await screenshot(page, `member-notifications-${name}-vote`);
    await modal.getByRole("button", { name: "Gönder" }).click();
    await page.getByText("Degerlendirme basariyla gonderildi").waitFor();
    await modal.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Bildirimler (1)" }).waitFor();

    const vote = await adminDb().doc(`${paths.votes}/${voteId}`).get();
    expect(vote.data()!.status).toBe("COMPLETED");
    const answers = await adminDb().collection(paths.voteAnswers).where("voterId", "==", uid).get();
    expect(answers.size).toBe(1);
    expect(answers.docs[0]!.data()).toMatchObject({
      scores: {
        timeControl: 5,
        communication: 4,
        problemSolving: 4,
        improvement: 3,
        initiative: 5,
      },
      feedback: "Çok yardımsever bir ekip arkadaşı.",
      discardWanted: false,
    });
    expect((await adminDb().doc(`${paths.notifications}/votetime-${name}`).get()).exists).toBe(
      false,
    );
    await screenshot(page, `member-notifications-${name}-after-vote`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an address without a voteId says 'Vote ID gerekli'; no notifications says so", async () => {
    const email = `bos.${name}@example.com`;
    await createMember({ name: `Boş ${name}`, email, password: PASSWORD });
    const { context, page } = await openMemberPage(browser(), viewport, email);
    await page.goto(`${hosting}/bildirimler`);
    await page.getByText("Bildirim bulunmamaktadır.").waitFor();
    await page.getByRole("heading", { name: "Bildirimler (0)" }).waitFor();
    await page.goto(`${hosting}/bildirimler?oylama=`);
    await page.getByRole("dialog").getByText("Vote ID gerekli").waitFor();
    await context.close();
  });

  it("skill survey and mentor vote: every listed skill sent (0 unrated), removal needs its reason", async () => {
    const email = `anket.${name}@example.com`;
    const uid = await createMember({ name: `Anket ${name}`, email, password: PASSWORD });
    const db = adminDb();
    const now = Date.now();
    const vote = (id: string, kind: string, skills: string[], target: string) =>
      db.doc(`${paths.votes}/${id}`).set({
        voterId: uid,
        targetUserId: `t-${id}`,
        targetUser: {
          name: target,
          userName: "hedef",
          type: kind === "MENTOR" ? "SENIOR" : "JUNIOR",
        },
        projectId: "proj-x",
        weekId: "2026-W47",
        kind,
        skills,
        status: "PENDING",
        opensAt: new Date(now - 60 * MIN),
        closesAt: new Date(now + 6 * 60 * MIN),
        completedAt: null,
      });
    await vote(`skill-${name}`, "SKILL", ["React", "TypeScript"], "Deniz Junior");
    await vote(`mentor-${name}`, "MENTOR", [], "Zeynep Mentor");
    const { context, page } = await openMemberPage(browser(), viewport, email);

    await page.goto(`${hosting}/bildirimler?oylama=skill-${name}`);
    let modal = page.getByRole("dialog", { name: "Haftalık Değerlendirme" });
    await modal.getByText("Yetenek Değerlendirmesi").waitFor();
    for (const [group, value] of [
      ["Zaman Yönetimi", 3],
      ["İletişim", 3],
      ["Problem Çözme", 3],
      ["Gelişim", 3],
      ["İnisiyatif", 3],
      ["React", 4],
    ] as const) {
      await rate(modal, group, value);
    }
    await modal.getByRole("button", { name: "Gönder" }).click();
    await page.getByText("Degerlendirme basariyla gonderildi").waitFor();
    await modal.waitFor({ state: "detached" });

    await page.goto(`${hosting}/bildirimler?oylama=mentor-${name}`);
    modal = page.getByRole("dialog", { name: "Haftalık Değerlendirme" });
    await modal
      .getByText("Mentörünüz Zeynep Mentor ile çalışmaya devam etmek istiyor musunuz?")
      .waitFor();
    expect(await modal.getByRole("group", { name: "İletişim" }).count()).toBe(0);
    await modal
      .getByRole("checkbox", { name: "Mentörle çalışmayı sonlandırmak istiyorum." })
      .check();
    await modal.getByRole("button", { name: "Gönder" }).click();
    await modal.getByText("Lütfen çıkarılma talebinizin sebebini yazın.").waitFor();
    await modal.getByLabel(/^Çıkarılma sebebi/).fill("Haftalık görüşmelere katılmıyor.");
    await screenshot(page, `member-notifications-${name}-mentor-vote`);
    await modal.getByRole("button", { name: "Gönder" }).click();
    await page.getByText("Degerlendirme basariyla gonderildi").last().waitFor();
    await modal.waitFor({ state: "detached" });

    const answers = await db.collection(paths.voteAnswers).where("voterId", "==", uid).get();
    const byKind = Object.fromEntries(answers.docs.map((d) => [d.data().kind, d.data()]));
    expect(byKind.SKILL).toMatchObject({
      skillVotes: { React: 4, TypeScript: 0 },
      scores: {
        timeControl: 3,
        communication: 3,
        problemSolving: 3,
        improvement: 3,
        initiative: 3,
      },
    });
    expect(byKind.MENTOR).toMatchObject({
      scores: null,
      discardWanted: true,
      discardReason: "Haftalık görüşmelere katılmıyor.",
    });
    await context.close();
  });
});

describe("the bell's dropdown (from 1180 px)", () => {
  it("marks read, lowers the badge and follows the click; deletes with the cross; opens the vote", async () => {
    const { email, voteId } = await seed("bell");
    const { context, page, errors } = await openMemberPage(browser(), viewports.desktop, email);
    await page.goto(hosting);

    const bell = page.getByTestId("bell");
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("2 okunmamış bildirim");
    await bell.click();
    const dropdown = page.getByTestId("bell-dropdown");
    const items = dropdown.getByTestId("notification");
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.nth(0).innerText()).toContain("5 dk önce");
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute("data-read")))).toEqual([
      "false",
      "false",
      "true",
    ]);
    await screenshot(page, "member-notifications-bell-dropdown");

    // A click marks it read, closes the dropdown and opens the project list on that project.
    await items.nth(0).getByText("Proje Aşaması Güncellendi!").click();
    await page.waitForURL(`${hosting}/projeler`);
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("1 okunmamış bildirim");
    expect((await adminDb().doc(`${paths.notifications}/updated-bell`).get()).data()!.read).toBe(
      true,
    );
    await dropdown.waitFor({ state: "hidden" });

    // The cross deletes without leaving the page.
    await bell.click();
    await expect.poll(() => items.count()).toBe(3);
    await items.nth(2).getByRole("button", { name: "Bildirimi sil" }).click();
    await expect.poll(() => items.count()).toBe(2);
    expect((await adminDb().doc(`${paths.notifications}/left-bell`).get()).exists).toBe(false);
    expect(page.url()).toBe(`${hosting}/projeler`);

    // 'Oylama Zamanı' opens the rating popup for its vote on the current page.
    await items.nth(1).getByText("Oylama Zamanı!").click();
    const modal = page.getByRole("dialog", { name: "Haftalık Değerlendirme" });
    await modal.getByText("Ekip arkadaşınız Ece Kaya için bu haftanın değerlendirmesi.").waitFor();
    expect(page.url()).toBe(`${hosting}/projeler?oylama=${voteId}`);
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Bildirimler");
    expect(errors).toEqual([]);
    await context.close();
  });
});
