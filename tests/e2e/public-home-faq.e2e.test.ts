/** Home page and FAQ page (docs/product-rules.md#screen-home, #screen-faq) at phone, tablet and desktop widths. */
import type { Locator } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { suiteBrowser, screenshot, viewports } from "../support/browser.js";
import { seriousAxeViolations } from "../support/public-browser.js";
import { openPage } from "../support/pages.js";
import { FAQS, seedPublicData } from "../support/public-seed.js";

const hosting = inject("stackUrls").hosting!;
const browser = suiteBrowser(() => seedPublicData());

const questionsOf = (tag: string) =>
  FAQS.filter((f) => (f.tags as readonly string[]).includes(tag));

/** Opens question i, then question j, and checks that only one answer is visible at a time. */
async function checkOneOpenAtATime(accordion: Locator) {
  const controls = accordion.locator("button.mantine-Accordion-control");
  const expanded = () =>
    controls.evaluateAll((els) => els.map((e) => e.getAttribute("aria-expanded") === "true"));
  expect((await expanded()).every((open) => !open)).toBe(true);
  await controls.nth(0).click();
  await expect.poll(expanded).toEqual([true, ...Array((await controls.count()) - 1).fill(false)]);
  await controls.nth(1).click();
  await expect
    .poll(expanded)
    .toEqual([false, true, ...Array((await controls.count()) - 2).fill(false)]);
  // Keyboard: Enter on a focused question opens it.
  await controls.nth(0).focus();
  await controls.nth(0).press("Enter");
  await expect.poll(expanded).toEqual([true, ...Array((await controls.count()) - 1).fill(false)]);
}

describe.each(Object.entries(viewports))("at %s width", (name, viewport) => {
  it("home: hero, how it works, mentor section, ad block, home FAQ and links", async () => {
    const { context, page, errors } = await openPage(browser(), viewport);
    await page.goto(hosting);
    const main = page.locator("main");
    await main
      .getByRole("heading", { level: 1, name: "Kariyerine gerçek projelerle başla" })
      .waitFor();
    expect(await main.getByTestId("hero-signup").getAttribute("href")).toBe("/kayit_ol");
    expect(await main.getByRole("link", { name: "Projeleri İncele" }).getAttribute("href")).toBe(
      "/projeler",
    );
    await main.getByRole("heading", { level: 2, name: "Nasıl çalışır?" }).waitFor();
    expect(await main.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual([
      "1. Ücretsiz üye ol",
      "2. Her cuma yeni proje",
      "3. Pozisyonuna başvur",
      "4. Ekibinle geliştir",
    ]);
    await main.getByRole("heading", { level: 2, name: "Seniorlar için: mentör ol" }).waitFor();
    const ad = main.getByTestId("ad-block");
    expect(await ad.innerText()).toContain("Reklam");
    expect(await main.getByRole("complementary", { name: "Reklam" }).count()).toBe(1);

    const faq = main.getByTestId("faq-home");
    await faq.waitFor();
    expect(await faq.locator("button.mantine-Accordion-control").allInnerTexts()).toEqual(
      questionsOf("home").map((f) => f.question),
    );
    await checkOneOpenAtATime(faq);
    expect(await faq.innerText()).toContain(questionsOf("home")[0]!.answer);
    await screenshot(page, `public-home-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const closing = main.getByRole("region", { name: "Bir sonraki proje ekibinde yerini al" });
    expect(await closing.getByRole("link", { name: "Kayıt Ol" }).getAttribute("href")).toBe(
      "/kayit_ol",
    );
    expect(await closing.getByRole("link", { name: "Projelere Göz At" }).getAttribute("href")).toBe(
      "/projeler",
    );
    await main.getByRole("link", { name: "Tüm Soruları Gör" }).click();
    await page.waitForURL(`${hosting}/sikca-sorulan-sorular`);
    await page.getByRole("heading", { level: 1, name: "Sıkça Sorulan Sorular" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("FAQ page: breadcrumb and the questions tagged sss, one open at a time", async () => {
    const { context, page, errors } = await openPage(browser(), viewport);
    await page.goto(`${hosting}/sikca-sorulan-sorular`);
    const main = page.locator("main");
    await main.getByRole("heading", { level: 1, name: "Sıkça Sorulan Sorular" }).waitFor();
    const crumbs = main.getByRole("navigation", { name: "Sayfa yolu" });
    expect(await crumbs.getByRole("link", { name: "Anasayfa" }).getAttribute("href")).toBe("/");
    const faq = main.getByTestId("faq-sss");
    await faq.waitFor();
    expect(await faq.locator("button.mantine-Accordion-control").allInnerTexts()).toEqual(
      questionsOf("sss").map((f) => f.question),
    );
    expect(await faq.innerText()).not.toContain("Mentör olmak için ne gerekir?");
    await checkOneOpenAtATime(faq);
    await screenshot(page, `public-faq-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
