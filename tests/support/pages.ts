/** Opening pages for the browser suites: one context per test, errors collected. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { onTestFinished } from "vitest";
import { closeCookiePopup } from "./public-browser.js";
import { PASSWORD } from "./public-seed.js";
import { signInContext } from "./stack-env.js";

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page. */
  errors: string[];
  /** What the test fails on by itself when it ends (see watchSecurity). */
  security: SecurityWatch;
}

export interface SecurityWatch {
  /** Content-Security-Policy violations reported in the context's pages. */
  violations: string[];
  /** Requests that left this machine (the app must only talk to the local stack). */
  foreignRequests: string[];
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether `url` goes off this machine; schemes without a network request (data:, blob:) don't. */
export function isForeignRequest(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return /^(https?|wss?):$/.test(protocol) && !LOCAL_HOSTS.has(hostname);
}

/**
 * Fails the running test, once it ends, if any page of `context` violated the
 * Content-Security-Policy or made a request off this machine (Google's gapi iframe, say). A test
 * that provokes a violation on purpose empties the lists after checking them.
 */
export async function watchSecurity(context: BrowserContext): Promise<SecurityWatch> {
  const watch: SecurityWatch = { violations: [], foreignRequests: [] };
  await context.exposeBinding("__reportCspViolation", (_source, violation: string) => {
    watch.violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (e) => {
        const report = (window as unknown as { __reportCspViolation(v: string): void })
          .__reportCspViolation;
        report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} in ${e.documentURI}`);
      },
      true,
    );
  });
  context.on("request", (request) => {
    if (isForeignRequest(request.url())) watch.foreignRequests.push(request.url());
  });
  onTestFinished(() => {
    const problems = [
      ...watch.violations.map((v) => `CSP violation: ${v}`),
      ...watch.foreignRequests.map((url) => `request off the local stack: ${url}`),
    ];
    if (problems.length > 0) throw new Error(problems.join("\n"));
  });
  return watch;
}

/** Set on <html> by the app once it has rendered or hydrated the page (web/src/app/App.tsx). */
const APP_STARTED = "data-app-started";

/**
 * The public pages arrive prerendered: their markup is visible before the app has hydrated it, and
 * a click in between does nothing. After `goto` and `reload` a test waits until the app runs, as a
 * visitor acting a moment later would (pages without the app, an API answer say, do not wait).
 */
function waitForAppOnLoad(page: Page) {
  const started = () =>
    page.waitForFunction(
      (attribute) =>
        !document.getElementById("root") || document.documentElement.hasAttribute(attribute),
      APP_STARTED,
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started();
    return response;
  };
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
  const security = await watchSecurity(context);
  if (options.signedInAs) {
    await signInContext(context, options.signedInAs, options.password ?? PASSWORD);
  }
  if (options.cookiesClosed !== false) await closeCookiePopup(context);
  const page = await context.newPage();
  waitForAppOnLoad(page);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return { context, page, errors, security };
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
