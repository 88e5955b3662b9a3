/** Opening pages for the browser suites: one context per test, errors collected. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { closeCookiePopup } from "./public-browser.js";
import { PASSWORD } from "./public-seed.js";
import { signInContext } from "./stack-env.js";

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: {
    signedInAs?: string;
    /** The account's password; the public seed's by default. */
    password?: string;
    cookiesClosed?: boolean;
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport });
  if (options.signedInAs) {
    await signInContext(context, options.signedInAs, options.password ?? PASSWORD);
  }
  if (options.cookiesClosed !== false) await closeCookiePopup(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return { context, page, errors };
}

/** Delays (or answers) Firestore queries of one collection made by the page. */
export async function interceptQueries(
  page: Page,
  collectionId: string,
  handle: "delay" | "empty" | "fail",
  delayMs = 2500,
): Promise<void> {
  await page.route(/:8080\/v1\/projects\/.*documents.*:runQuery/, async (route) => {
    const body = route.request().postData() ?? "";
    if (!body.includes(`"collectionId":"${collectionId}"`)) return route.continue();
    if (handle === "delay") {
      await new Promise((r) => setTimeout(r, delayMs));
      return route.continue();
    }
    if (handle === "empty") {
      return route.fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "access-control-allow-origin": "*" },
        body: JSON.stringify([{ readTime: new Date().toISOString() }]),
      });
    }
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      headers: { "access-control-allow-origin": "*" },
      body: JSON.stringify({ error: { code: 500, message: "boom", status: "INTERNAL" } }),
    });
  });
}
