import { describe, expect, inject, it } from "vitest";
import { suiteBrowser, screenshot, viewports } from "../support/browser.js";
import { isForeignRequest, openPage } from "../support/pages.js";

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
      const { context, page, errors } = await openPage(browser(), viewport, {
        cookiesClosed: false,
      });
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
      await context.close();
    });
  }
});

describe("Content-Security-Policy", () => {
  it("is sent by Hosting on every page and narrowed by the build's meta policy", async () => {
    for (const path of ["/", "/projeler", "/favicon.svg"]) {
      const res = await fetch(`${hosting}${path}`);
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(policy, path).toContain("default-src 'self'");
      expect(policy, path).toMatch(/script-src 'self'[^;]*;/);
      expect(policy, path).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) {
        expect(policy, path).toContain(directive);
      }
    }
    const html = await (await fetch(hosting)).text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toContain("connect-src 'self' http://127.0.0.1:8080");
    expect(meta).not.toContain("googleapis.com");
  });

  it("blocks an injected inline script and eval, and reports both as violations", async () => {
    const { context, page, security } = await openPage(browser(), viewports.desktop);
    await page.goto(hosting);
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 20_000 });
    // Run from a timer: code evaluated through the DevTools protocol may itself use eval.
    await page.evaluate(() => {
      const probe = window as unknown as { __injectedRan?: boolean; __evalRan?: boolean };
      const script = document.createElement("script");
      script.textContent = "window.__injectedRan = true";
      document.head.append(script);
      setTimeout(() => {
        try {
          probe.__evalRan = eval("true") as boolean;
        } catch {
          probe.__evalRan = false;
        }
      }, 0);
    });
    await page.waitForFunction(() => "__evalRan" in window);
    const outcome = await page.evaluate(() => {
      const probe = window as unknown as { __injectedRan?: boolean; __evalRan?: boolean };
      return { inlineRan: probe.__injectedRan === true, evalRan: probe.__evalRan };
    });
    expect(outcome).toEqual({ inlineRan: false, evalRan: false });
    await expect.poll(() => security.violations.length).toBeGreaterThanOrEqual(2);
    expect(security.violations.join("\n")).toMatch(/script-src(-elem)? blocked inline/);
    expect(security.violations.join("\n")).toMatch(/script-src blocked eval/);
    security.violations.length = 0; // provoked on purpose; nothing else may have been reported
    await context.close();
  });

  it("loads the app without a single request off the local stack (no gapi iframe)", async () => {
    const { context, page } = await openPage(browser(), viewports.desktop);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(hosting, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 20_000 });
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => url.includes("apis.google.com"))).toEqual([]);
    expect(requested.filter(isForeignRequest)).toEqual([]);
    expect(await page.locator('iframe[src*="google"]').count()).toBe(0);
    await context.close();
  });
});
