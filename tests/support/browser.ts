import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { screenshotsDir } from "./artefacts.js";
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_FLAGS } from "./chromium.js";

/** Debian's Chromium (installed by .ci/run); Playwright's own browser download is not used. */

/**
 * One browser for a test file: `prepare` (the file's data) and the launch before its tests, the
 * browser closed and `finish` run after them. Returns the browser once started.
 */
export function suiteBrowser(
  prepare?: () => Promise<void>,
  finish?: () => Promise<void>,
): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    await prepare?.();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await finish?.();
  });
  return () => browser!;
}

export function launchBrowser(): Promise<Browser> {
  // Playwright gives every launch a fresh temporary profile (user data dir).
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...HEADLESS_CHROMIUM_FLAGS],
  });
}

export const viewports = {
  phone: { width: 375, height: 800 },
  tablet: { width: 768, height: 1000 },
  desktop: { width: 1280, height: 900 },
} as const;

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const file = join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
