/**
 * The web SDK in headless Chromium against the emulator: a 20 MB resumable upload with progress
 * events (CORS preflights, exposed X-Goog-Upload-* headers), getBlob, and a download URL shown in
 * an <img> without auth headers. The page's script is bundled from firebase/storage at test time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium, type Browser, type Page } from "playwright-core";
import type { StorageEmulator } from "../src/storage/index.js";
import { BUCKET, startTestEmulator } from "./storage-fixtures.js";
import { collector } from "../src/shared/memory-relief.js";

const here = dirname(fileURLToPath(import.meta.url));
const CHROMIUM = "/usr/bin/chromium";
const TOTAL = 20 * 1024 * 1024;
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /browser/{uid}/{allPaths=**} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
  }
}
`;

const collectGarbage = collector()!;

let dir: string;
let emulator: StorageEmulator;
let pageServer: Server;
let pageUrl: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "storage-browser-test-"));
  await writeFile(join(dir, "storage.rules"), RULES);
  emulator = await startTestEmulator({ rulesFile: join(dir, "storage.rules") });
  await build({
    entryPoints: [join(here, "browser", "storage-page.js")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outfile: join(dir, "bundle.js"),
    logLevel: "silent",
  });
  await copyFile(join(here, "browser", "index.html"), join(dir, "index.html"));
  pageServer = createServer((req, res) => {
    const file = req.url === "/bundle.js" ? "bundle.js" : "index.html";
    const type = file.endsWith(".js") ? "text/javascript" : "text/html";
    readFile(join(dir, file)).then(
      (body) => res.writeHead(200, { "Content-Type": type }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  await waitForChromium();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  page = await browser.newPage();
  await page.goto(pageUrl);
  await page.waitForFunction(() => "resumableUpload" in globalThis);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pageServer?.close(resolve));
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

async function waitForChromium(): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} is not installed`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

function patternSha256(size: number): string {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >>> 9)) & 0xff;
  return createHash("sha256").update(bytes).digest("hex");
}

interface UploadOutcome {
  progress: number[];
  states: string[];
  totalBytes: number;
  metadataSize: number;
  customMetadata: Record<string, string>;
  downloadedSize: number;
  downloadedSha256: string;
}

describe("firebase/storage in Chromium", () => {
  it("uploads 20 MB resumably with progress events and reads it back with getBlob", async () => {
    const liveBuffers = (): number => {
      collectGarbage();
      return process.memoryUsage().arrayBuffers;
    };
    const baseline = liveBuffers();
    let peak = baseline;
    const timer = setInterval(() => {
      peak = Math.max(peak, liveBuffers());
    }, 100);
    const outcome = (await page.evaluate(
      (args) =>
        (
          globalThis as unknown as { resumableUpload(a: typeof args): Promise<unknown> }
        ).resumableUpload(args),
      {
        host: emulator.host,
        port: emulator.port,
        uid: "web",
        path: "browser/web/big.bin",
        size: TOTAL,
      },
    )) as UploadOutcome;
    clearInterval(timer);

    expect(outcome.totalBytes).toBe(TOTAL);
    expect(outcome.metadataSize).toBe(TOTAL);
    expect(outcome.customMetadata).toEqual({ from: "browser" });
    expect(outcome.states).toContain("running");
    // Progress arrives in many steps (XHR upload progress within chunks and per chunk).
    const intermediate = new Set(outcome.progress.filter((p) => p > 0 && p < TOTAL));
    expect(
      intermediate.size,
      `progress steps: ${outcome.progress.join(", ")}`,
    ).toBeGreaterThanOrEqual(5);
    expect(outcome.progress).toEqual([...outcome.progress].sort((a, b) => a - b));
    expect(outcome.progress.at(-1)).toBe(TOTAL);
    expect(outcome.downloadedSize).toBe(TOTAL);
    expect(outcome.downloadedSha256).toBe(patternSha256(TOTAL));
    // The emulator runs in this process: chunks of up to 8 MiB are streamed to disk, so live
    // buffer memory never reaches the object's size (one chunk in flight plus socket buffers;
    // about 10 MiB seen on a loaded machine), let alone twice it.
    const grewMiB = ((peak - baseline) / 2 ** 20).toFixed(1);
    expect(peak - baseline, `live buffers grew by ${grewMiB} MiB`).toBeLessThan(TOTAL * 0.75);
  }, 120_000);

  it("shows a download URL in an <img> tag without auth headers", async () => {
    const result = (await page.evaluate(
      (args) =>
        (
          globalThis as unknown as { imageFromDownloadUrl(a: typeof args): Promise<unknown> }
        ).imageFromDownloadUrl(args),
      {
        host: emulator.host,
        port: emulator.port,
        uid: "web",
        path: "browser/web/pixel.png",
        pngBase64: ONE_PIXEL_PNG,
      },
    )) as { url: string; width: number; height: number };
    expect(result.url).toContain(`/v0/b/${BUCKET}/o/browser%2Fweb%2Fpixel.png?alt=media&token=`);
    expect(result.width).toBe(1);
    expect(result.height).toBe(1);
    // Without the token the same object is refused (rules allow only its owner).
    const bare = await fetch(result.url.replace(/&token=.*/, ""));
    expect(bare.status).toBe(403);
  });

  it("reports storage/unauthorized for a resumable upload the rules deny", async () => {
    const code = await page.evaluate(
      (args) =>
        (globalThis as unknown as { deniedUpload(a: typeof args): Promise<string> }).deniedUpload(
          args,
        ),
      { host: emulator.host, port: emulator.port, uid: "web", path: "browser/other/x.bin" },
    );
    expect(code).toBe("storage/unauthorized");
  });
});
