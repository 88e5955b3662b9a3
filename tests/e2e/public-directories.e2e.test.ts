/** Junior and Senior directories (docs/product-rules.md#screen-directories) at phone, tablet and desktop widths. */
import { trLower } from "@platform/common";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { suiteBrowser, screenshot, viewports } from "../support/browser.js";
import { seriousAxeViolations } from "../support/public-browser.js";
import { interceptQueries, openPage } from "../support/pages.js";
import { completeOf, PEOPLE, seedPublicData } from "../support/public-seed.js";

const hosting = inject("stackUrls").hosting!;
const browser = suiteBrowser(() => seedPublicData());

/** Directory order: Turkish dictionary order, as ICU's Turkish collation sorts the names. */
const turkishOrder = new Intl.Collator("tr");
const sortedNames = (type: "JUNIOR" | "SENIOR") =>
  completeOf(type)
    .map((p) => p.name)
    .sort(turkishOrder.compare);

const juniors = sortedNames("JUNIOR");
const names = (page: Page) => page.getByTestId("user-name").allInnerTexts();
const title = (page: Page) => page.getByTestId("directory-title").innerText();
const pageButtons = (page: Page) =>
  page
    .getByTestId("pagination")
    .getByRole("button", { name: /^Sayfa \d+$/ })
    .allInnerTexts();
const currentPage = (page: Page) =>
  page.getByTestId("pagination").locator('[aria-current="page"]').innerText();

/** Bodies of the users queries the page sends to Firestore. */
function recordUserQueries(page: Page): { kind: string; body: string }[] {
  const seen: { kind: string; body: string }[] = [];
  page.on("request", (req) => {
    const match = /:(runQuery|runAggregationQuery)(?:\?|$)/.exec(req.url());
    const body = req.postData() ?? "";
    if (match && body.includes('"collectionId":"users"')) seen.push({ kind: match[1]!, body });
  });
  return seen;
}

describe.each([
  ["phone", viewports.phone, 10],
  ["tablet", viewports.tablet, 20],
  ["desktop", viewports.desktop, 20],
] as const)("Juniorlar at %s width (%i per page)", (name, viewport, size) => {
  it("pages through the directory on the server with first, previous, next, last and page", async () => {
    const { context, page, errors } = await openPage(browser(), viewport);
    const queries = recordUserQueries(page);
    await page.goto(`${hosting}/juniorlar`);
    await expect.poll(() => title(page)).toBe(`Juniorlar (${juniors.length})`);
    const crumbs = page.getByRole("navigation", { name: "Sayfa yolu" });
    expect(await crumbs.getByRole("link", { name: "Anasayfa" }).getAttribute("href")).toBe("/");
    expect(await crumbs.innerText()).toContain("Juniorlar");
    expect(await page.getByTestId("directory-search").getAttribute("placeholder")).toBe(
      "isim, ünvan ara",
    );
    await expect.poll(() => names(page)).toEqual(juniors.slice(0, size));
    expect(await pageButtons(page)).toEqual(["1", "2", "3"]);
    expect(await currentPage(page)).toBe("1");
    const nav = page.getByTestId("pagination");
    expect(await nav.getByRole("button", { name: "İlk sayfa" }).isDisabled()).toBe(true);
    expect(await nav.getByRole("button", { name: "Önceki sayfa" }).isDisabled()).toBe(true);
    await screenshot(page, `public-juniors-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await nav.getByRole("button", { name: "Sonraki sayfa" }).click();
    await page.waitForURL(`${hosting}/juniorlar?page=2`);
    await expect.poll(() => names(page)).toEqual(juniors.slice(size, 2 * size));

    const lastPage = Math.ceil(juniors.length / size);
    await nav.getByRole("button", { name: "Son sayfa" }).click();
    await page.waitForURL(`${hosting}/juniorlar?page=${lastPage}`);
    await expect.poll(() => names(page)).toEqual(juniors.slice((lastPage - 1) * size));
    expect(await pageButtons(page)).toEqual([lastPage - 2, lastPage - 1, lastPage].map(String));
    expect(await nav.getByRole("button", { name: "Sonraki sayfa" }).isDisabled()).toBe(true);
    expect(await nav.getByRole("button", { name: "Son sayfa" }).isDisabled()).toBe(true);

    await nav.getByRole("button", { name: "Önceki sayfa" }).click();
    await page.waitForURL(`${hosting}/juniorlar?page=${lastPage - 1}`);
    await expect
      .poll(() => names(page))
      .toEqual(juniors.slice((lastPage - 2) * size, (lastPage - 1) * size));

    await nav.getByRole("button", { name: "İlk sayfa" }).click();
    await page.waitForURL(`${hosting}/juniorlar`);
    await expect.poll(() => names(page)).toEqual(juniors.slice(0, size));

    // Every page came from a bounded query, never the whole directory.
    const pageQueries = queries.filter((q) => q.kind === "runQuery");
    expect(pageQueries.length).toBeGreaterThan(0);
    for (const q of pageQueries) {
      const limit = JSON.parse(q.body).structuredQuery.limit;
      expect(Number(limit?.value ?? limit)).toBeLessThanOrEqual(2 * size);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens a deep link to a page from the page query parameter", async () => {
    const { context, page } = await openPage(browser(), viewport);
    const target = size === 10 ? 4 : 2;
    await page.goto(`${hosting}/juniorlar?page=${target}`);
    await expect.poll(() => names(page)).toEqual(juniors.slice((target - 1) * size, target * size));
    expect(await currentPage(page)).toBe(String(target));
    await context.close();
  });
});

describe("search", () => {
  it.each(Object.entries(viewports))(
    "searches name and position, Turkish-aware, debounced, back to page 1 (%s)",
    async (name, viewport) => {
      const { context, page } = await openPage(browser(), viewport);
      const queries = recordUserQueries(page);
      await page.goto(`${hosting}/juniorlar?page=2`);
      await expect.poll(() => title(page)).toBe(`Juniorlar (${juniors.length})`);
      await page.getByTestId("user-card").first().waitFor();
      const search = page.getByRole("searchbox", { name: "Juniorlarda ara" });
      const before = queries.length;
      await search.pressSequentially("İLK", { delay: 60 });
      // Nothing is asked before the 400 ms pause.
      await page.waitForTimeout(150);
      expect(queries.length).toBe(before);
      await expect.poll(() => title(page)).toBe("Juniorlar (1)");
      await expect.poll(() => names(page)).toEqual([PEOPLE.ilker.name]);
      expect(new URL(page.url()).searchParams.get("page")).toBeNull();
      const searched = queries.slice(before).map((q) => q.body);
      expect(searched.every((b) => b.includes('"stringValue":"ilk"'))).toBe(true);
      await screenshot(page, `public-juniors-search-${name}`);

      await search.fill("designer");
      const designers = completeOf("JUNIOR").filter((p) =>
        trLower(`${p.name} ${p.position}`).includes("designer"),
      ).length;
      await expect.poll(() => title(page)).toBe(`Juniorlar (${designers})`);
      await expect
        .poll(() => page.getByTestId("user-card").count())
        .toBe(Math.min(designers, viewport.width < 768 ? 10 : 20));

      // Profiles that never finished sign-up are not listed.
      await search.fill("yarım kayıt");
      await expect
        .poll(() => page.getByTestId("directory-empty").innerText())
        .toBe("Junior bulunamadı");
      expect(await title(page)).toBe("Juniorlar (0)");
      await context.close();
    },
  );
});

describe("states and Seniors", () => {
  it("shows 20 placeholders while loading, even on a phone", async () => {
    const { context, page } = await openPage(browser(), viewports.phone);
    await interceptQueries(page, "users", "delay");
    await page.goto(`${hosting}/juniorlar`);
    await page.getByTestId("user-placeholder").first().waitFor();
    expect(await page.getByTestId("user-placeholder").count()).toBe(20);
    await page.getByTestId("user-card").first().waitFor();
    expect(await page.getByTestId("user-placeholder").count()).toBe(0);
    await context.close();
  });

  it("shows the 500 screen when the directory cannot be loaded", async () => {
    const { context, page } = await openPage(browser(), viewports.desktop);
    await interceptQueries(page, "users", "fail");
    await page.goto(`${hosting}/seniorlar`);
    await page.getByTestId("server-error").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("server-error").innerText()).toContain(
      "Üzgünüz, bu sayfa görüntülenemiyor",
    );
    await context.close();
  });

  it.each(Object.entries(viewports))(
    "lists Seniors and opens a profile (%s)",
    async (name, viewport) => {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto(`${hosting}/seniorlar`);
      await expect.poll(() => title(page)).toBe("Seniorlar (3)");
      await expect.poll(() => names(page)).toEqual(sortedNames("SENIOR"));
      expect(await page.getByTestId("pagination").count()).toBe(0);
      await screenshot(page, `public-seniors-${name}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole("searchbox", { name: "Seniorlarda ara" }).fill("qqq");
      await expect
        .poll(() => page.getByTestId("directory-empty").innerText())
        .toBe("Senior bulunamadı");
      await page.getByRole("searchbox", { name: "Seniorlarda ara" }).fill("");
      await page.getByRole("link", { name: new RegExp(PEOPLE.mentor.name) }).click();
      await page.waitForURL(`${hosting}/senior/${PEOPLE.mentor.userName}`);
      await expect
        .poll(() => page.getByTestId("profile-name").innerText())
        .toBe(PEOPLE.mentor.name);
      await context.close();
    },
  );
});
