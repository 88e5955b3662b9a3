/**
 * The GCS JSON API subset through the real `firebase-admin/storage` (@google-cloud/storage),
 * pointed at the emulator with FIREBASE_STORAGE_EMULATOR_HOST.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getDownloadURL, getStorage } from "firebase-admin/storage";
import type { StorageEmulator } from "../src/storage/index.js";
import { BUCKET, PROJECT_ID, binaryBytes, startTestEmulator } from "./storage-fixtures.js";
import { collector } from "../src/shared/memory-relief.js";

let emulator: StorageEmulator;
let app: App;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "storage-admin-test-"));
  emulator = await startTestEmulator({ workDir });
  process.env.METADATA_SERVER_DETECTION = "none";
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  delete process.env.STORAGE_EMULATOR_HOST;
  app = initializeApp({ projectId: PROJECT_ID, storageBucket: BUCKET }, "storage-admin-test");
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.close();
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await emulator.clear();
});

const collectGarbage = collector()!;

const bucket = () => getStorage(app).bucket();

describe("firebase-admin/storage", () => {
  it("saves with a multipart upload and downloads with checksum validation", async () => {
    const bytes = Buffer.from(binaryBytes(200_000));
    const file = bucket().file("admin/one.bin");
    await file.save(bytes, {
      resumable: false,
      contentType: "application/x-admin",
      metadata: { metadata: { owner: "admin", n: 7 } },
    });
    const [meta] = await file.getMetadata();
    expect(meta.size).toBe("200000");
    expect(meta.contentType).toBe("application/x-admin");
    expect(meta.md5Hash).toBe(createHash("md5").update(bytes).digest("base64"));
    expect(meta.metadata).toEqual({ owner: "admin", n: "7" });
    expect(meta.bucket).toBe(BUCKET);
    const [downloaded] = await file.download(); // validates crc32c from x-goog-hash
    expect(downloaded.equals(bytes)).toBe(true);
    const [md5Checked] = await file.download({ validation: "md5" });
    expect(md5Checked.equals(bytes)).toBe(true);
    const [exists] = await file.exists();
    expect(exists).toBe(true);
    const [missing] = await bucket().file("admin/none").exists();
    expect(missing).toBe(false);
  });

  it("saves with the default resumable upload and reads byte ranges", async () => {
    const bytes = Buffer.from(binaryBytes(300_000));
    const file = bucket().file("admin/resumable.bin");
    await file.save(bytes, { contentType: "application/octet-stream" });
    const [downloaded] = await file.download();
    expect(downloaded.equals(bytes)).toBe(true);
    const [part] = await file.download({ start: 10, end: 19 });
    expect(part.equals(bytes.subarray(10, 20))).toBe(true);
  });

  it("patches metadata, deletes and reports 404s", async () => {
    const file = bucket().file("admin/meta.txt");
    await file.save("hello", { resumable: false, metadata: { metadata: { a: "1", b: "2" } } });
    const [patched] = await file.setMetadata({
      metadata: { b: null, c: "3" },
      cacheControl: "no-store",
    });
    expect(patched.metadata).toEqual({ a: "1", c: "3" });
    expect(patched.cacheControl).toBe("no-store");
    expect(patched.metageneration).toBe("2");
    await file.delete();
    const error = await file.getMetadata().then(
      () => null,
      (e: { code?: number }) => e,
    );
    expect(error?.code).toBe(404);
  });

  it("lists with prefixes, delimiter and pages", async () => {
    for (const name of ["l/a", "l/b", "l/c", "l/d/1", "l/d/2", "m/x"]) {
      await bucket().file(name).save(name, { resumable: false });
    }
    const [files, , response] = await bucket().getFiles({
      prefix: "l/",
      delimiter: "/",
      autoPaginate: false,
    });
    expect(files.map((f) => f.name)).toEqual(["l/a", "l/b", "l/c"]);
    expect((response as { prefixes?: string[] }).prefixes).toEqual(["l/d/"]);
    const [all] = await bucket().getFiles({ prefix: "l/" });
    expect(all.map((f) => f.name)).toEqual(["l/a", "l/b", "l/c", "l/d/1", "l/d/2"]);
    const [page, next] = await bucket().getFiles({ maxResults: 4, autoPaginate: false });
    expect(page).toHaveLength(4);
    expect(next).toMatchObject({ pageToken: expect.any(String) });
    const [rest] = await bucket().getFiles({ ...(next as object), autoPaginate: false });
    expect(rest.map((f) => f.name)).toEqual(["l/d/2", "m/x"]);
  });

  it("copies and moves objects", async () => {
    await bucket().file("c/src").save("copy me", { resumable: false, contentType: "text/plain" });
    await bucket().file("c/src").copy("c/dst");
    const [copied] = await bucket().file("c/dst").download();
    expect(copied.toString()).toBe("copy me");
    await bucket().file("c/dst").move("c/moved");
    const [[dstExists], [movedExists]] = await Promise.all([
      bucket().file("c/dst").exists(),
      bucket().file("c/moved").exists(),
    ]);
    expect(dstExists).toBe(false);
    expect(movedExists).toBe(true);
  });

  it("builds download URLs that work without auth", async () => {
    const file = bucket().file("admin/url.txt");
    await file.save("via url", { resumable: false, contentType: "text/plain" });
    const url = await getDownloadURL(file);
    expect(url).toContain(`/v0/b/${BUCKET}/o/admin%2Furl.txt?alt=media&token=`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("via url");
  });

  it("uploads 20 MB resumably in chunks, writing each chunk to disk as it arrives", async () => {
    const total = 20 * 1024 * 1024;
    const chunkSize = 4 * 1024 * 1024;
    const hash = createHash("md5");
    // Generated on the fly so the client never holds the whole file either.
    async function* source() {
      const block = Buffer.from(binaryBytes(64 * 1024));
      for (let sent = 0; sent < total; sent += block.length) {
        block[0] = (sent / block.length) & 0xff; // every block differs
        hash.update(block);
        yield Buffer.from(block);
      }
    }
    const seenSizes = new Set<number>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const name of await readdir(join(workDir, "uploads")).catch(() => [])) {
          const size = await stat(join(workDir, "uploads", name)).then(
            (s) => s.size,
            () => -1,
          );
          if (size > 0) seenSizes.add(size);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    // Live (post-GC) buffer memory: what the process really holds, not garbage awaiting GC.
    const liveBuffers = (): number => {
      collectGarbage();
      return process.memoryUsage().arrayBuffers;
    };
    const baseline = liveBuffers();
    let peak = baseline;
    const memoryTimer = setInterval(() => {
      peak = Math.max(peak, liveBuffers());
    }, 50);
    const file = bucket().file("big/20mb.bin");
    await pipeline(
      Readable.from(source()),
      file.createWriteStream({ resumable: true, chunkSize, contentType: "application/zip" }),
    );
    clearInterval(memoryTimer);
    sampling = false;
    await sampler;
    const [meta] = await file.getMetadata();
    expect(Number(meta.size)).toBe(total);
    expect(meta.md5Hash).toBe(hash.digest("base64"));
    // The upload file grew through intermediate sizes: bytes went to disk chunk by chunk.
    expect([...seenSizes].some((s) => s < total)).toBe(true);
    // Client and server share this process: the client's 4 MiB chunk buffer plus bytes in
    // transit. Holding the upload whole (20 MiB), let alone twice, would exceed this.
    expect(peak - baseline).toBeLessThan(total * 0.75);
  });
});
