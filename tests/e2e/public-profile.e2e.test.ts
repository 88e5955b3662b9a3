/** Public profiles /junior/{userName} and /senior/{userName} (docs/product-rules.md#screen-public-profile, #access-email). */
import { GENDER_LABELS } from "@platform/common";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { suiteBrowser, screenshot, viewports } from "../support/browser.js";
import { seriousAxeViolations } from "../support/public-browser.js";
import { interceptQueries, openPage } from "../support/pages.js";
import { ALL_PEOPLE, PEOPLE, PROJECTS, seedPublicData } from "../support/public-seed.js";

const hosting = inject("stackUrls").hosting!;
const browser = suiteBrowser(() => seedPublicData());

const genderOf = (uid: string) =>
  GENDER_LABELS[ALL_PEOPLE.findIndex((p) => p.uid === uid) % 2 === 0 ? "FEMALE" : "MALE"];
const card = (page: Page) => page.getByTestId("profile-card");

async function waitForProfile(page: Page, name: string) {
  await expect.poll(() => page.getByTestId("profile-name").innerText()).toBe(name);
  await page
    .getByTestId("profile-projects")
    .getByRole("link")
    .or(page.getByTestId("profile-projects").getByText("Henüz bir projede yer almadı."))
    .first()
    .waitFor();
}

describe.each(Object.entries(viewports))("as a visitor at %s width", (name, viewport) => {
  it("opens a Senior's profile straight from its URL with every section", async () => {
    const { context, page, errors } = await openPage(browser(), viewport);
    const { mentor } = PEOPLE;
    await page.goto(`${hosting}/senior/${mentor.userName}`);
    await waitForProfile(page, mentor.name);
    const crumbs = page.getByRole("navigation", { name: "Sayfa yolu" });
    expect(await crumbs.getByRole("link", { name: "Anasayfa" }).getAttribute("href")).toBe("/");
    expect(await crumbs.getByRole("link", { name: "Seniorlar" }).getAttribute("href")).toBe(
      "/seniorlar",
    );
    expect(await crumbs.innerText()).toContain(mentor.name);
    const profile = await card(page).innerText();
    expect(profile).toContain(mentor.position);
    expect(profile).toContain("Senior");
    expect(profile).toContain(`Cinsiyet: ${genderOf(mentor.uid)}`);
    expect(profile).toContain("Adres: İzmir, Türkiye");
    expect(profile).toContain("Doğum Tarihi: 09/04/1998");
    expect(profile).toContain(`${mentor.name} hakkında kısa bir tanıtım.`);
    // No photo yet: the avatar shows the initials.
    expect(profile).toContain("SG");
    // A visitor sees neither the e-mail nor the mentor link.
    expect(profile).not.toContain(mentor.email);
    expect(await page.getByTestId("profile-email").count()).toBe(0);
    expect(await page.getByTestId("end-mentorship").count()).toBe(0);

    expect(await page.getByTestId("profile-education").innerText()).toContain(
      "Ege Üniversitesi - Bilgisayar Mühendisliği",
    );
    const projects = page.getByTestId("profile-projects");
    expect(await projects.getByRole("link").allInnerTexts()).toEqual([PROJECTS.a.title]);
    expect(await projects.innerText()).toContain("Devam Ediyor");
    expect(await projects.innerText()).toContain(`${mentor.position} · 20 gün`);
    expect(await projects.innerText()).not.toContain("Ayrıldı");
    expect(await page.getByTestId("profile-skills").innerText()).toMatch(/TypeScript[\s\S]*React/);
    const languages = await page.getByTestId("profile-languages").innerText();
    expect(languages).toMatch(/Türkçe\s+İleri/);
    expect(languages).toMatch(/İngilizce\s+Orta/);
    expect(await page.title()).toBe(`${mentor.name} | Platform`);
    await screenshot(page, `public-profile-senior-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Kullanıcı bulunamadı.' for an unknown slug, the wrong type or an incomplete profile", async () => {
    const { context, page } = await openPage(browser(), viewport);
    for (const path of [
      "/junior/boyle-biri-yok",
      `/junior/${PEOPLE.mentor.userName}`,
      // A profile that never finished sign-up is not public.
      `/junior/${PEOPLE.incomplete.userName}`,
    ]) {
      await page.goto(`${hosting}${path}`);
      await expect
        .poll(() => page.getByTestId("profile-not-found").innerText())
        .toBe("Kullanıcı bulunamadı.");
    }
    await screenshot(page, `public-profile-missing-${name}`);
    await context.close();
  });
});

describe("as members", () => {
  it.each([
    ["phone", viewports.phone],
    ["desktop", viewports.desktop],
  ] as const)(
    "a Junior of the same project sees the Senior's e-mail and 'Mentörle Çalışmayı Sonlandır' (%s)",
    async (name, viewport) => {
      const { context, page } = await openPage(browser(), viewport, {
        signedInAs: PEOPLE.manager.email,
      });
      await page.goto(`${hosting}/senior/${PEOPLE.mentor.userName}`);
      await waitForProfile(page, PEOPLE.mentor.name);
      const email = page.getByTestId("profile-email");
      await expect.poll(() => email.innerText()).toBe(PEOPLE.mentor.email);
      expect(await email.getAttribute("href")).toBe(`mailto:${PEOPLE.mentor.email}`);
      const endLink = page.getByTestId("end-mentorship");
      expect(await endLink.innerText()).toBe("Mentörle Çalışmayı Sonlandır");
      await screenshot(page, `public-profile-teammate-${name}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it("a teammate sees a Junior's e-mail but no mentor link on a Junior page", async () => {
    const { context, page } = await openPage(browser(), viewports.tablet, {
      signedInAs: PEOPLE.manager.email,
    });
    await page.goto(`${hosting}/junior/${PEOPLE.frontend.userName}`);
    await waitForProfile(page, PEOPLE.frontend.name);
    await expect
      .poll(() => page.getByTestId("profile-email").innerText())
      .toBe(PEOPLE.frontend.email);
    expect(await page.getByTestId("end-mentorship").count()).toBe(0);
    await context.close();
  });

  it("a member of no project sees neither the e-mail nor the mentor link", async () => {
    const { context, page } = await openPage(browser(), viewports.desktop, {
      signedInAs: PEOPLE.outsider.email,
    });
    await page.goto(`${hosting}/senior/${PEOPLE.mentor.userName}`);
    await waitForProfile(page, PEOPLE.mentor.name);
    await page.getByTestId("account-button").waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId("profile-email").count()).toBe(0);
    expect(await page.getByTestId("end-mentorship").count()).toBe(0);
    expect(await card(page).innerText()).not.toContain(PEOPLE.mentor.email);
    await context.close();
  });
});

describe("navigation and errors", () => {
  it("opens a profile from the team strip and from the directory", async () => {
    const { context, page } = await openPage(browser(), viewports.desktop);
    await page.goto(`${hosting}/projeler`);
    await page.locator(`[data-project-id="${PROJECTS.a.id}"]`).click();
    await page.getByTestId("team-member").first().click();
    await page.waitForURL(`${hosting}/junior/${PEOPLE.manager.userName}`);
    await waitForProfile(page, PEOPLE.manager.name);
    expect(await card(page).innerText()).toContain("Project Manager");

    await page.goto(`${hosting}/juniorlar`);
    await page.getByRole("searchbox", { name: "Juniorlarda ara" }).fill("ilker");
    await page.getByRole("link", { name: new RegExp(PEOPLE.ilker.name) }).click();
    await page.waitForURL(`${hosting}/junior/${PEOPLE.ilker.userName}`);
    await waitForProfile(page, PEOPLE.ilker.name);
    expect(await page.getByTestId("profile-projects").innerText()).toContain(
      "Henüz bir projede yer almadı.",
    );

    // A past membership is listed too, with the position, the days and that the member left.
    await page.goto(`${hosting}/junior/${PEOPLE.outsider.userName}`);
    await waitForProfile(page, PEOPLE.outsider.name);
    const past = page.getByTestId("profile-project");
    expect(await past.count()).toBe(1);
    expect(await past.getByRole("link").innerText()).toBe(PROJECTS.c.title);
    expect(await past.innerText()).toContain(`${PEOPLE.outsider.position} · 1 gün · Ayrıldı`);
    await past.getByRole("link").click();
    await page.waitForURL(`${hosting}/projeler`);
    await context.close();
  });

  it("shows 'Hata: …' when the profile cannot be read", async () => {
    const { context, page } = await openPage(browser(), viewports.phone);
    await interceptQueries(page, "users", "fail");
    await page.goto(`${hosting}/junior/${PEOPLE.frontend.userName}`);
    const error = page.getByTestId("profile-error");
    await error.waitFor({ timeout: 15_000 });
    expect(await error.innerText()).toMatch(/^Hata: .+/);
    // a Turkish text, not the database's own message
    expect(await error.innerText()).toBe("Hata: Kullanıcı bilgisi alınamadı.");
    await context.close();
  });
});
