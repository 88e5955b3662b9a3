/** The projects screen (docs/product-rules.md#screen-projects, #project-status) at phone, tablet and desktop widths. */
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { suiteBrowser, screenshot, viewports } from "../support/browser.js";
import { seriousAxeViolations } from "../support/public-browser.js";
import { interceptQueries, openPage } from "../support/pages.js";
import { PEOPLE, PROJECTS, seedPublicData } from "../support/public-seed.js";

const hosting = inject("stackUrls").hosting!;
const browser = suiteBrowser(() => seedPublicData());

const card = (page: Page, id: string) =>
  page.locator(`[data-testid="project-card"][data-project-id="${id}"]`);
const detail = (page: Page) => page.getByTestId("project-detail");
const detailTitle = (page: Page) => detail(page).getByRole("heading", { level: 2 }).innerText();

async function checkCards(page: Page) {
  const cards = page.getByTestId("project-card");
  // Newest live project first; the queued one is not listed.
  expect(
    await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-project-id"))),
  ).toEqual([PROJECTS.b.id, PROJECTS.c.id, PROJECTS.a.id]);
  expect(await page.getByText(PROJECTS.queued.title).count()).toBe(0);

  const b = card(page, PROJECTS.b.id);
  expect(await b.innerText()).toContain("Yeni Proje");
  expect(await b.getByTestId("project-type").innerText()).toBe("Web");
  expect(await b.getByTestId("project-status").innerText()).toBe("Henüz Başlamadı");
  expect(await b.getByTestId("project-members").innerText()).toBe("0/1");
  expect(await b.innerText()).toContain("Açıklama belirtilmemiş");
  // The image comes from Storage after the list.
  await expect
    .poll(() => b.locator("img").getAttribute("src"), { timeout: 10_000 })
    .toContain("proj-b%2Fimage%2Flogo.png");

  const c = card(page, PROJECTS.c.id);
  expect(await c.innerText()).toContain("Yeni Proje");
  expect(await c.getByTestId("project-status").innerText()).toBe("Devam Ediyor");
  expect(await c.innerText()).toContain(PROJECTS.c.definition);
  expect(await c.getByTestId("project-image-placeholder").count()).toBe(1);

  const a = card(page, PROJECTS.a.id);
  expect(await a.innerText()).not.toContain("Yeni Proje");
  expect(await a.getByTestId("project-type").innerText()).toBe("Mobil");
  expect(await a.getByTestId("project-status").innerText()).toBe("Devam Ediyor");
  expect(await a.getByTestId("project-members").innerText()).toBe("3/5");
}

async function checkDetailOfA(page: Page) {
  const d = detail(page);
  expect(await detailTitle(page)).toBe(PROJECTS.a.title);
  expect(await d.getByTestId("detail-type").innerText()).toBe("Mobil");
  expect(await d.getByTestId("project-about").innerText()).toBe(PROJECTS.a.about);
  const link = d.getByTestId("presentation-link");
  expect(await link.innerText()).toBe("Proje Sunumu");
  expect(await link.getAttribute("href")).toBe(PROJECTS.a.link);
  expect(await link.getAttribute("target")).toBe("_blank");
  expect(await d.innerText()).toContain("Süre: 20 gün");
  const radios = d.getByRole("radio");
  await radios.first().waitFor();
  expect(
    await radios.evaluateAll((els) =>
      els.map((e) => (e as HTMLInputElement).labels?.[0]?.textContent ?? ""),
    ),
  ).toEqual(["Jr Frontend Developer", "Sr Designer"]);
  expect(await d.innerText()).toContain("Lütfen bir pozisyon seçin");
  const members = d.getByTestId("team-member");
  expect(await members.evaluateAll((els) => els.map((e) => e.getAttribute("href")))).toEqual([
    `/junior/${PEOPLE.manager.userName}`,
    `/junior/${PEOPLE.frontend.userName}`,
    `/senior/${PEOPLE.mentor.userName}`,
  ]);
  expect(await members.first().innerText()).toContain("Project Manager");
  expect(await d.getByTestId("team-strip").evaluate((el) => getComputedStyle(el).overflowX)).toBe(
    "auto",
  );
  return radios;
}

async function expectAllDisabled(radios: Locator) {
  for (const radio of await radios.all()) expect(await radio.isDisabled()).toBe(true);
}

describe.each([
  ["tablet", viewports.tablet],
  ["desktop", viewports.desktop],
] as const)("from 640 px (%s): list and detail side by side", (name, viewport) => {
  it("lists live projects newest first, auto-selects the first and shows every element", async () => {
    const { context, page, errors } = await openPage(browser(), viewport);
    await page.goto(`${hosting}/projeler`);
    await expect.poll(() => page.getByTestId("projects-title").innerText()).toBe("Projeler (3)");
    await checkCards(page);
    // The first project is selected without a click.
    await expect.poll(() => detailTitle(page)).toBe(PROJECTS.b.title);
    expect(await card(page, PROJECTS.b.id).getAttribute("aria-current")).toBe("true");
    expect(await detail(page).innerText()).toContain("Proje ekibi henüz belirlenmemiş.");
    expect(await detail(page).innerText()).toContain("Süre: Başlamadı");
    expect(
      await detail(page)
        .getByRole("img", { name: `${PROJECTS.b.title} proje görseli` })
        .count(),
    ).toBe(1);

    await card(page, PROJECTS.a.id).click();
    await expect.poll(() => detailTitle(page)).toBe(PROJECTS.a.title);
    const radios = await checkDetailOfA(page);
    await expectAllDisabled(radios);
    expect(await detail(page).innerText()).toContain("Pozisyon seçip başvurmak için giriş yapın.");
    expect(await page.getByTestId("join-button").count()).toBe(0);
    expect(await page.getByTestId("project-list").isVisible()).toBe(true);
    await screenshot(page, `public-projects-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await detail(page).getByTestId("team-member").last().click();
    await page.waitForURL(`${hosting}/senior/${PEOPLE.mentor.userName}`);
    await page.getByTestId("profile-name").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("under 640 px (phone)", () => {
  it("alternates list and detail, with a back button that clears the selection", async () => {
    const { context, page, errors } = await openPage(browser(), viewports.phone);
    await page.goto(`${hosting}/projeler`);
    await expect.poll(() => page.getByTestId("projects-title").innerText()).toBe("Projeler (3)");
    await checkCards(page);
    expect(await detail(page).count()).toBe(0);
    await screenshot(page, "public-projects-phone-list");

    await card(page, PROJECTS.a.id).click();
    await detail(page).waitFor();
    expect(await page.getByTestId("project-list").count()).toBe(0);
    const radios = await checkDetailOfA(page);
    await expectAllDisabled(radios);
    await screenshot(page, "public-projects-phone-detail");
    expect(await seriousAxeViolations(page)).toEqual([]);

    await detail(page).getByRole("button", { name: "Projelere Dön" }).click();
    await page.getByTestId("project-list").waitFor();
    expect(await detail(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("loading, empty and failing list", () => {
  it("shows 3 skeleton cards while the list loads", async () => {
    const { context, page } = await openPage(browser(), viewports.desktop);
    await interceptQueries(page, "projects", "delay");
    await page.goto(`${hosting}/projeler`);
    await page.getByTestId("project-skeleton").first().waitFor();
    expect(await page.getByTestId("project-skeleton").count()).toBe(3);
    await page.getByTestId("project-card").first().waitFor();
    expect(await page.getByTestId("project-skeleton").count()).toBe(0);
    await context.close();
  });

  it.each(Object.entries(viewports))(
    "shows the empty state with a link home (%s)",
    async (name, viewport) => {
      const { context, page } = await openPage(browser(), viewport);
      await interceptQueries(page, "projects", "empty");
      await page.goto(`${hosting}/projeler`);
      const empty = page.getByTestId("projects-empty");
      await empty.waitFor();
      expect(await empty.getByRole("heading").innerText()).toBe("Proje bulunamadı");
      expect(await empty.innerText()).toContain("Şu anda aktif proje bulunmuyor.");
      expect(await page.getByTestId("projects-title").innerText()).toBe("Projeler (0)");
      await screenshot(page, `public-projects-empty-${name}`);
      await empty.getByRole("link", { name: "Anasayfaya Dön" }).click();
      await page.waitForURL(`${hosting}/`);
      await context.close();
    },
  );

  it("shows the 500 screen when the list cannot be loaded", async () => {
    const { context, page } = await openPage(browser(), viewports.phone);
    await interceptQueries(page, "projects", "fail");
    await page.goto(`${hosting}/projeler`);
    const screen = page.getByTestId("server-error");
    await screen.waitFor({ timeout: 15_000 });
    expect(await screen.innerText()).toContain("Üzgünüz, bu sayfa görüntülenemiyor");
    await context.close();
  });
});

describe("navigation state", () => {
  it.each(Object.entries(viewports))(
    "selects, highlights and scrolls to the project another screen points at (%s)",
    async (name, viewport) => {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto(`${hosting}/junior/${PEOPLE.frontend.userName}`);
      await page
        .getByTestId("profile-projects")
        .getByRole("link", { name: PROJECTS.a.title })
        .click();
      await page.waitForURL(`${hosting}/projeler`);
      await expect.poll(() => detailTitle(page)).toBe(PROJECTS.a.title);
      if (viewport.width >= 640) {
        const highlighted = card(page, PROJECTS.a.id);
        expect(await highlighted.getAttribute("data-highlighted")).toBe("true");
        await expect.poll(() => highlighted.isVisible()).toBe(true);
        const box = (await highlighted.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(await card(page, PROJECTS.b.id).getAttribute("data-highlighted")).toBeNull();
      }
      await screenshot(page, `public-projects-highlight-${name}`);
      await context.close();
    },
  );
});

describe("signed in", () => {
  it("enables the positions, shows the qualifications and the join button, toasts close after 3 s", async () => {
    const { context, page } = await openPage(browser(), viewports.desktop, {
      signedInAs: PEOPLE.outsider.email,
    });
    await page.goto(`${hosting}/projeler`);
    await page.getByTestId("account-button").waitFor();
    await card(page, PROJECTS.a.id).click();
    await expect.poll(() => detailTitle(page)).toBe(PROJECTS.a.title);
    const d = detail(page);
    const join = page.getByTestId("join-button");
    await join.waitFor();
    expect(await join.innerText()).toBe("Projeye Katıl");
    expect(await join.isDisabled()).toBe(true);
    await d.getByRole("radio", { name: "Jr Frontend Developer" }).check();
    expect(await d.getByTestId("qualifications").innerText()).toContain("React Native");
    expect(await d.getByTestId("qualifications").innerText()).toContain("TypeScript");
    await d.getByRole("radio", { name: "Sr Designer" }).check();
    expect(await d.innerText()).toContain("Nitelik belirtilmemiş");
    await d.getByRole("radio", { name: "Jr Frontend Developer" }).check();
    await screenshot(page, "public-projects-signed-in-desktop");

    await join.click();
    const toast = page.getByText("Seçtiğiniz pozisyon, mevcut pozisyonunuzla uyuşmuyor.");
    await toast.waitFor();
    const shownAt = Date.now();
    await toast.waitFor({ state: "detached", timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2_000);
    expect(shownFor).toBeLessThan(5_000);
    await context.close();
  });

  it("tells a member who is already in a project", async () => {
    const { context, page } = await openPage(browser(), viewports.phone, {
      signedInAs: PEOPLE.manager.email,
    });
    await page.goto(`${hosting}/projeler`);
    await card(page, PROJECTS.b.id).click();
    await detail(page).getByRole("radio", { name: "Sr Backend Developer" }).check();
    await page.getByTestId("join-button").click();
    await page.getByText("Katılmış olduğunuz proje bulunmaktadır.").waitFor();
    await context.close();
  });
});
