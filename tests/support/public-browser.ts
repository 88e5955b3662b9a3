/**
 * Browser helpers of the public-screen suites: a signed-in session without the login screen
 * (the Firebase Auth user the SDK would have persisted), and an axe-core accessibility check.
 */
import { createRequire } from "node:module";
import { deleteApp, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import type { BrowserContext, Page } from "playwright-core";
import { PASSWORD, PROJECT_ID } from "./public-seed.js";

const API_KEY = "demo-api-key";

/** Makes every page of `context` start signed in as `email` (Auth emulator account). */
export async function signInContext(context: BrowserContext, email: string): Promise<void> {
  const app = initializeApp(
    { apiKey: API_KEY, projectId: PROJECT_ID },
    `public-session-${Date.now()}`,
  );
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, "http://127.0.0.1:9099", { disableWarnings: true });
    const { user } = await signInWithEmailAndPassword(auth, email, PASSWORD);
    const persisted = { ...user.toJSON(), appName: "[DEFAULT]" };
    const key = `firebase:authUser:${API_KEY}:[DEFAULT]`;
    await context.addInitScript(
      ([k, v]) => {
        if (!window.localStorage.getItem(k)) window.localStorage.setItem(k, v);
      },
      [key, JSON.stringify(persisted)] as const,
    );
  } finally {
    await deleteApp(app);
  }
}

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

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Serious and critical axe-core violations of the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
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
