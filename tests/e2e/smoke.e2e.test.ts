import { describe, expect, inject, it } from "vitest";
import { suiteBrowser, screenshot, viewports } from "../support/browser.js";

const hosting = inject("stackUrls").hosting!;
const browser = suiteBrowser();

describe("local stack smoke test", () => {
  it("answers /api/health through the Hosting rewrite", async () => {
    const res = await fetch(`${hosting}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: { status: string } };
    expect(body.success).toBe(true);
    expect(body.data.status).toBe("ok");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
  });

  it("serves the SPA for deep links with no caching of index.html", async () => {
    const res = await fetch(`${hosting}/projeler`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`renders the home page in Chromium at ${name} width`, async () => {
      const page = await browser().newPage({ viewport });
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      await page.goto(hosting);
      await page
        .getByRole("heading", { level: 1, name: "Kariyerine gerçek projelerle başla" })
        .waitFor({ timeout: 20_000 });
      expect(await page.title()).toContain("Anasayfa");
      expect(await page.locator("html").getAttribute("lang")).toBe("tr");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain(
        "noindex",
      );
      await screenshot(page, `smoke-home-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
