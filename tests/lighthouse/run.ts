/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on the public pages of the built
 * app, served by the whole local stack with the demo data, in Debian's Chromium. Prints a table
 * of the category scores and the main metrics and writes each page's HTML and JSON report to the
 * git-ignored folder lighthouse-reports/. Scores depend on the machine's load, so they are
 * reported here, never asserted in the test suite (which keeps the deterministic budgets).
 *
 * The root script builds first; the stack uses fixed ports, so run it alone:
 *   flock /tmp/e2e.lock npm run lighthouse
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { seedDemoData } from "@platform/stack/demo";
import { projectId, repoRoot } from "@platform/stack/paths";
import { startStack } from "@platform/stack/stack";
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_FLAGS } from "../support/chromium.js";

const reportsDir = join(repoRoot, "lighthouse-reports");

/** The public pages a visitor lands on; a legal page stands for the four. */
const PAGES = ["/", "/projeler", "/juniorlar", "/sikca-sorulan-sorular", "/kvkk"];

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
} as const;

interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/** A fresh headless Chromium (own profile, no background traffic) with a DevTools port. */
async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), "lighthouse-chromium-"));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...HEADLESS_CHROMIUM_FLAGS,
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen}`)), 30_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}): ${seen}`));
    });
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      // Chromium's helper processes may still be writing the profile for a moment.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // a temporary folder: the system cleans it up
      }
    },
  };
}

interface Row {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, string>;
}

async function audit(base: string, path: string): Promise<Row> {
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(
      `${base}${path}`,
      {
        port: chromium.port,
        output: ["html", "json"],
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr, report } = result;
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "_");
    const [html, json] = report as string[];
    writeFileSync(join(reportsDir, `${name}.html`), html!);
    writeFileSync(join(reportsDir, `${name}.json`), json!);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
    return {
      page: path,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Row["scores"],
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([k, id]) => [k, metric(id)]),
      ) as Row["metrics"],
    };
  } finally {
    await chromium.stop();
  }
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): tries again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts) throw err;
      console.log(`  ${err instanceof Error ? err.message : String(err)}; trying again`);
    }
  }
}

function table(rows: Row[]): string {
  const header = [
    "Page",
    "Performance",
    "Accessibility",
    "Best practices",
    ...Object.keys(METRICS),
  ];
  const lines = rows.map((r) => [
    `\`${r.page}\``,
    ...CATEGORIES.map((c) => String(r.scores[c])),
    ...Object.keys(METRICS).map((k) => r.metrics[k as keyof typeof METRICS]),
  ]);
  const format = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [format(header), format(header.map(() => "---")), ...lines.map(format)].join("\n");
}

rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });
const stack = await startStack({
  hosting: true,
  dataDir: null,
  clean: true,
  output: { file: join(reportsDir, "firebase-emulators.log") },
});
let failed = false;
try {
  await seedDemoData({ projectId });
  const base = stack.urls.hosting!;
  const rows: Row[] = [];
  for (const path of PAGES) {
    console.log(`Lighthouse ${base}${path} …`);
    rows.push(await withRetries(() => audit(base, path)));
  }
  const output = table(rows);
  writeFileSync(join(reportsDir, "table.md"), `${output}\n`);
  console.log(`\n${output}\n\nReports: ${reportsDir}`);
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
