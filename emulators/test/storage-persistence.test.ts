/**
 * Export/import, the reset endpoint, the CLI's signal handling, and the raw wire details of both
 * resumable protocols and CORS that the SDK tests only exercise indirectly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  getBytes,
  getDownloadURL,
  getMetadata,
  listAll,
  ref,
  uploadBytes,
  uploadString,
} from "firebase/storage";
import type { StorageEmulator } from "../src/storage/index.js";
import {
  BUCKET,
  binaryBytes,
  deleteWebApps,
  errorCode,
  startTestEmulator,
  webStorage,
} from "./storage-fixtures.js";

const emulatorsDir = join(dirname(fileURLToPath(import.meta.url)), "..");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "storage-persistence-test-"));
});

afterAll(async () => {
  await deleteWebApps();
  await rm(dir, { recursive: true, force: true });
});

const base = (e: StorageEmulator) => `http://${e.host}:${e.port}`;
const v0Object = (e: StorageEmulator, name: string) =>
  `${base(e)}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`;

describe("export and import", () => {
  it("writes readable metadata and bytes on close and restores them, tokens included", async () => {
    const exportDir = join(dir, "export-1");
    const first = await startTestEmulator({ exportDir });
    const bytes = binaryBytes(50_000);
    const owner = webStorage(first, "owner");
    await uploadBytes(ref(owner, "docs/a b/ü.bin"), bytes, {
      contentType: "application/x-thing",
      customMetadata: { k: "v" },
    });
    await uploadString(ref(owner, "docs/a"), "object next to a folder of the same name");
    await uploadString(ref(owner, "docs/a/child"), "child");
    const oldUrl = await getDownloadURL(ref(owner, "docs/a b/ü.bin"));
    await first.close();

    const metaDir = join(exportDir, "storage_export", "metadata", encodeURIComponent(BUCKET));
    const files = (await readdir(metaDir)).sort();
    expect(files).toEqual(
      ["docs/a", "docs/a b/ü.bin", "docs/a/child"]
        .map((n) => `${encodeURIComponent(n)}.json`)
        .sort(),
    );
    const stored = JSON.parse(
      await readFile(join(metaDir, `${encodeURIComponent("docs/a b/ü.bin")}.json`), "utf8"),
    ) as Record<string, unknown>;
    expect(stored).toMatchObject({
      name: "docs/a b/ü.bin",
      bucket: BUCKET,
      size: 50_000,
      contentType: "application/x-thing",
      metadata: { k: "v", firebaseStorageDownloadTokens: expect.any(String) },
    });

    const second = await startTestEmulator({ importDir: exportDir });
    try {
      const owner2 = webStorage(second, "owner");
      const back = Buffer.from(await getBytes(ref(owner2, "docs/a b/ü.bin")));
      expect(back.equals(Buffer.from(bytes))).toBe(true);
      expect((await getMetadata(ref(owner2, "docs/a b/ü.bin"))).customMetadata).toEqual({ k: "v" });
      const listed = await listAll(ref(owner2, "docs"));
      expect(listed.items.map((r) => r.fullPath)).toEqual(["docs/a"]);
      // Lexicographic by bytes, as GCS lists: "docs/a b/" sorts before "docs/a/" (' ' < '/').
      expect(listed.prefixes.map((r) => r.fullPath)).toEqual(["docs/a b", "docs/a"]);
      const sameToken = oldUrl.replace(`:${first.port}/`, `:${second.port}/`);
      expect((await fetch(sameToken)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("fails to start on a port in use, leaving nothing running", async () => {
    const first = await startTestEmulator();
    try {
      await expect(startTestEmulator({ port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  it("clears everything through DELETE /internal/reset", async () => {
    const emulator = await startTestEmulator();
    try {
      const owner = webStorage(emulator, "owner");
      await uploadString(ref(owner, "x/y"), "data");
      const response = await fetch(`${base(emulator)}/internal/reset`, { method: "DELETE" });
      expect(response.status).toBe(200);
      expect(await errorCode(getMetadata(ref(owner, "x/y")))).toBe("storage/object-not-found");
      expect((await listAll(ref(owner))).items).toHaveLength(0);
    } finally {
      await emulator.close();
    }
  });
});

describe("wire protocol details", () => {
  let emulator: StorageEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("answers CORS preflights and exposes the upload headers", async () => {
    const response = await fetch(`${base(emulator)}/v0/b/${BUCKET}/o?name=x`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers":
          "authorization,x-goog-upload-command,x-goog-upload-protocol",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(response.headers.get("access-control-allow-headers")).toContain("x-goog-upload-command");
    expect(response.headers.get("access-control-allow-methods")).toContain("PATCH");
    const get = await fetch(`${base(emulator)}/`, { headers: { Origin: "http://localhost:5173" } });
    expect(get.headers.get("access-control-expose-headers")).toContain("X-Goog-Upload-URL");
  });

  it("runs the Firebase resumable protocol: start, upload, query, finalize, cancel", async () => {
    const auth = { Authorization: "Firebase owner" };
    const start = await fetch(`${base(emulator)}/v0/b/${BUCKET}/o?name=raw%2Fr.bin`, {
      method: "POST",
      headers: {
        ...auth,
        "X-Goog-Upload-Protocol": "resumable",
        "X-Goog-Upload-Command": "start",
        "X-Goog-Upload-Header-Content-Length": "10",
        "X-Goog-Upload-Header-Content-Type": "text/plain",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ name: "raw/r.bin", metadata: { a: "b" } }),
    });
    expect(start.status).toBe(200);
    expect(start.headers.get("x-goog-upload-status")).toBe("active");
    const uploadUrl = start.headers.get("x-goog-upload-url")!;
    expect(uploadUrl).toContain("upload_id=");

    const send = (command: string, offset: number, body?: string) =>
      fetch(uploadUrl, {
        method: "POST",
        headers: {
          ...auth,
          "X-Goog-Upload-Command": command,
          "X-Goog-Upload-Offset": String(offset),
        },
        ...(body !== undefined ? { body } : {}),
      });
    const chunk = await send("upload", 0, "01234");
    expect(chunk.headers.get("x-goog-upload-status")).toBe("active");
    const gap = await send("upload", 7, "789");
    expect(gap.status).toBe(400);
    const query = await send("query", 0);
    expect(query.headers.get("x-goog-upload-size-received")).toBe("5");
    // Re-sent bytes before the received offset are skipped.
    const overlap = await send("upload, finalize", 3, "3456789");
    expect(overlap.status).toBe(200);
    expect(overlap.headers.get("x-goog-upload-status")).toBe("final");
    const meta = (await overlap.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({ name: "raw/r.bin", size: "10", contentType: "text/plain" });
    expect(meta.metadata).toEqual({ a: "b" });
    const bytes = await fetch(`${v0Object(emulator, "raw/r.bin")}?alt=media`, { headers: auth });
    expect(await bytes.text()).toBe("0123456789");

    const second = await fetch(`${base(emulator)}/v0/b/${BUCKET}/o?name=raw%2Fc.bin`, {
      method: "POST",
      headers: { ...auth, "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start" },
      body: "{}",
    });
    const cancelUrl = second.headers.get("x-goog-upload-url")!;
    const cancel = await fetch(cancelUrl, {
      method: "POST",
      headers: { ...auth, "X-Goog-Upload-Command": "cancel" },
    });
    expect(cancel.headers.get("x-goog-upload-status")).toBe("cancelled");
    expect((await fetch(v0Object(emulator, "raw/c.bin"), { headers: auth })).status).toBe(404);
  });

  it("runs the GCS resumable protocol with 308 and Range", async () => {
    const start = await fetch(
      `${base(emulator)}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=gcs.bin`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Upload-Content-Type": "text/csv" },
        body: "{}",
      },
    );
    const session = start.headers.get("location")!;
    const first = await fetch(session, {
      method: "PUT",
      headers: { "Content-Range": "bytes 0-3/*" },
      body: "a,b\n",
    });
    expect(first.status).toBe(308);
    expect(first.headers.get("range")).toBe("bytes=0-3");
    const status = await fetch(session, {
      method: "PUT",
      headers: { "Content-Range": "bytes */*" },
    });
    expect(status.status).toBe(308);
    const last = await fetch(session, {
      method: "PUT",
      headers: { "Content-Range": "bytes 4-7/8" },
      body: "1,2\n",
    });
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({
      name: "gcs.bin",
      size: "8",
      contentType: "text/csv",
    });
    const media = await fetch(
      `${base(emulator)}/download/storage/v1/b/${BUCKET}/o/gcs.bin?alt=media`,
      { headers: { Range: "bytes=4-" } },
    );
    expect(media.status).toBe(206);
    expect(await media.text()).toBe("1,2\n");
  });

  it("checks hashes a multipart upload declares against the bytes", async () => {
    const upload = (md5Hash: string) =>
      fetch(`${base(emulator)}/upload/storage/v1/b/${BUCKET}/o?uploadType=multipart`, {
        method: "POST",
        headers: { "Content-Type": "multipart/related; boundary=XyZ" },
        body:
          `--XyZ\r\nContent-Type: application/json\r\n\r\n` +
          JSON.stringify({ name: "hashed.txt", md5Hash }) +
          `\r\n--XyZ\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n`,
      });
    const wrong = await upload("AAAAAAAAAAAAAAAAAAAAAA==");
    expect(wrong.status).toBe(400);
    expect((await fetch(`${base(emulator)}/storage/v1/b/${BUCKET}/o/hashed.txt`)).status).toBe(404);
    const right = await upload(createHash("md5").update("hello").digest("base64"));
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({
      name: "hashed.txt",
      contentType: "text/plain",
      size: "5",
    });
  });

  it("rejects malformed tokens with 401 and unknown routes with 404", async () => {
    const bad = await fetch(v0Object(emulator, "a"), {
      headers: { Authorization: "Firebase nope" },
    });
    expect(bad.status).toBe(401);
    const body = (await bad.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(401);
    expect((await fetch(`${base(emulator)}/nothing/here`)).status).toBe(404);
  });
});

describe("CLI", () => {
  it("serves, exports on SIGINT, imports on the next start and exits cleanly on SIGTERM", async () => {
    const exportDir = join(dir, "cli-export");
    const first = await startCli(["--export-on-exit", exportDir]);
    const put = await fetch(
      `${first.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=cli%2Fnote.txt`,
      { method: "POST", headers: { "Content-Type": "text/plain" }, body: "from the cli" },
    );
    expect(put.status).toBe(200);
    expect(await first.stop("SIGINT")).toBe(0);
    expect(
      await readdir(join(exportDir, "storage_export", "blobs", encodeURIComponent(BUCKET))),
    ).toEqual([encodeURIComponent("cli/note.txt")]);

    const second = await startCli(["--import", exportDir]);
    const get = await fetch(`${second.url}/storage/v1/b/${BUCKET}/o/cli%2Fnote.txt?alt=media`);
    expect(await get.text()).toBe("from the cli");
    expect(await second.stop("SIGTERM")).toBe(0);
  }, 60_000);
});

async function startCli(
  args: string[],
): Promise<{ url: string; stop(signal: NodeJS.Signals): Promise<number | null> }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/storage/main.ts", "--port", "0", ...args],
    { cwd: emulatorsDir, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start:\n${output}`)), 30_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`CLI exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop(signal) {
      const exited = once(child, "exit");
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
