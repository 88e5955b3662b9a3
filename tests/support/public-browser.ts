/**
 * Browser helpers of the public-screen suites: the cookie popup closed beforehand and an
 * axe-core accessibility check.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";

/** Hides the cookie popup for pages of `context` (as a returning visitor who closed it). */
export async function closeCookiePopup(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem("cerezPopupClosed", "1"));
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** Serious and critical axe-core violations of the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: a <script> tag would be inline code, which the
  // app's Content-Security-Policy blocks.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}
