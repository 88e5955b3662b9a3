/**
 * The Firebase Storage v0 REST protocol through the real `firebase/storage` SDK in Node, as the
 * owner (the admin token bypasses rules, so this covers the protocol on its own).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStream,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
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

let emulator: StorageEmulator;
let storage: FirebaseStorage;

beforeAll(async () => {
  emulator = await startTestEmulator();
  storage = webStorage(emulator, "owner");
});

afterAll(async () => {
  await deleteWebApps();
  await emulator.close();
});

beforeEach(async () => {
  await emulator.clear();
});

const md5 = (bytes: Uint8Array): string => createHash("md5").update(bytes).digest("base64");

describe("uploads and downloads", () => {
  it("round-trips binary bytes byte for byte with a multipart upload", async () => {
    const bytes = binaryBytes(100_000);
    const result = await uploadBytes(ref(storage, "bin/data.bin"), bytes, {
      contentType: "application/x-test",
    });
    expect(result.metadata.size).toBe(100_000);
    expect(result.metadata.fullPath).toBe("bin/data.bin");
    expect(result.metadata.name).toBe("data.bin");
    expect(result.metadata.bucket).toBe(BUCKET);
    expect(result.metadata.contentType).toBe("application/x-test");
    expect(result.metadata.md5Hash).toBe(md5(bytes));
    const back = new Uint8Array(await getBytes(ref(storage, "bin/data.bin")));
    expect(Buffer.compare(Buffer.from(back), Buffer.from(bytes))).toBe(0);
  });

  it("handles bodies that contain the boundary's dashes and CRLFs", async () => {
    const tricky = Buffer.from("\r\n--\r\n----\r\n--x--\r\n\r\n", "latin1");
    await uploadBytes(ref(storage, "tricky"), tricky);
    const back = Buffer.from(await getBytes(ref(storage, "tricky")));
    expect(back.equals(tricky)).toBe(true);
  });

  it("keeps names with spaces, unicode and URL metacharacters intact", async () => {
    const name = "odd names/ü ñ #1?x=%20&y+z.txt";
    await uploadString(ref(storage, name), "odd");
    expect((await getMetadata(ref(storage, name))).fullPath).toBe(name);
    expect(Buffer.from(await getBytes(ref(storage, name))).toString()).toBe("odd");
    const listed = await listAll(ref(storage, "odd names"));
    expect(listed.items.map((r) => r.fullPath)).toEqual([name]);
    const url = await getDownloadURL(ref(storage, name));
    expect(await (await fetch(url)).text()).toBe("odd");
  });

  it("stores an empty object", async () => {
    const result = await uploadBytes(ref(storage, "empty"), new Uint8Array(0));
    expect(result.metadata.size).toBe(0);
    expect((await getBytes(ref(storage, "empty"))).byteLength).toBe(0);
  });

  it("uploads strings in every format", async () => {
    await uploadString(ref(storage, "s/raw.txt"), "héllo wörld", "raw");
    await uploadString(
      ref(storage, "s/b64"),
      Buffer.from([0, 1, 2, 255]).toString("base64"),
      "base64",
    );
    await uploadString(ref(storage, "s/url"), "data:text/plain;base64,aGk=", "data_url");
    expect(Buffer.from(await getBytes(ref(storage, "s/raw.txt"))).toString("utf8")).toBe(
      "héllo wörld",
    );
    expect([...new Uint8Array(await getBytes(ref(storage, "s/b64")))]).toEqual([0, 1, 2, 255]);
    const dataUrlMeta = await getMetadata(ref(storage, "s/url"));
    expect(dataUrlMeta.contentType).toBe("text/plain");
    expect(Buffer.from(await getBytes(ref(storage, "s/url"))).toString()).toBe("hi");
  });

  it("honours getBytes' maxDownloadSizeBytes with a range request", async () => {
    await uploadString(ref(storage, "range.txt"), "0123456789");
    const head = Buffer.from(await getBytes(ref(storage, "range.txt"), 4)).toString();
    expect(head).toBe("0123");
  });

  it("downloads with getStream (getBlob is browser-only, see the browser test)", async () => {
    const bytes = binaryBytes(70_000);
    await uploadBytes(ref(storage, "stream.bin"), bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of getStream(ref(storage, "stream.bin")) as AsyncIterable<Uint8Array>) {
      chunks.push(Buffer.from(chunk));
    }
    expect(Buffer.concat(chunks).equals(Buffer.from(bytes))).toBe(true);
  });

  it("uploads resumably in several chunks and reports progress", async () => {
    const bytes = binaryBytes(1_500_000); // > 256 KiB: the SDK switches to the resumable protocol
    const task = uploadBytesResumable(ref(storage, "big/resumable.bin"), bytes, {
      contentType: "application/octet-stream",
      customMetadata: { origin: "node" },
    });
    const progress: number[] = [];
    task.on("state_changed", (snapshot) => progress.push(snapshot.bytesTransferred));
    const snapshot = await task;
    expect(snapshot.state).toBe("success");
    expect(snapshot.totalBytes).toBe(1_500_000);
    expect(snapshot.metadata.customMetadata).toEqual({ origin: "node" });
    expect(snapshot.metadata.md5Hash).toBe(md5(bytes));
    // 256 KiB, 512 KiB, then the rest: intermediate progress is visible.
    expect(progress.filter((p) => p > 0 && p < 1_500_000).length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toBe(1_500_000);
    const back = Buffer.from(await getBytes(ref(storage, "big/resumable.bin")));
    expect(back.equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("resumable task control", () => {
  it("pauses and resumes a resumable upload (the SDK re-queries the session)", async () => {
    const bytes = binaryBytes(2_000_000);
    const task = uploadBytesResumable(ref(storage, "big/paused.bin"), bytes);
    let paused = false;
    const states: string[] = [];
    task.on("state_changed", (snapshot) => {
      states.push(snapshot.state);
      if (!paused && snapshot.bytesTransferred > 0) {
        paused = task.pause();
        setTimeout(() => task.resume(), 100);
      }
    });
    const snapshot = await task;
    expect(paused).toBe(true);
    expect(states).toContain("paused");
    expect(snapshot.metadata.md5Hash).toBe(md5(bytes));
    expect(
      Buffer.from(await getBytes(ref(storage, "big/paused.bin"))).equals(Buffer.from(bytes)),
    ).toBe(true);
  });

  it("cancels a resumable upload without creating the object", async () => {
    const task = uploadBytesResumable(ref(storage, "big/cancelled.bin"), binaryBytes(2_000_000));
    task.on("state_changed", (snapshot) => {
      if (snapshot.bytesTransferred > 0) task.cancel();
    });
    expect(await errorCode(task as unknown as Promise<unknown>)).toBe("storage/canceled");
    expect(await errorCode(getMetadata(ref(storage, "big/cancelled.bin")))).toBe(
      "storage/object-not-found",
    );
  });
});

describe("metadata", () => {
  it("returns GCS-style metadata and updates custom metadata with PATCH semantics", async () => {
    await uploadString(ref(storage, "meta.txt"), "x", "raw", {
      contentType: "text/plain",
      cacheControl: "public, max-age=60",
      customMetadata: { a: "1", b: "2" },
    });
    const meta = await getMetadata(ref(storage, "meta.txt"));
    expect(meta.customMetadata).toEqual({ a: "1", b: "2" });
    expect(meta.cacheControl).toBe("public, max-age=60");
    expect(meta.generation).toMatch(/^\d+$/);
    expect(meta.metageneration).toBe("1");
    expect(Date.parse(meta.timeCreated)).not.toBeNaN();

    const updated = await updateMetadata(ref(storage, "meta.txt"), {
      customMetadata: { b: null as unknown as string, c: "3" },
      contentLanguage: "de",
    });
    expect(updated.customMetadata).toEqual({ a: "1", c: "3" });
    expect(updated.contentLanguage).toBe("de");
    expect(updated.metageneration).toBe("2");
    expect(updated.contentType).toBe("text/plain");
    const cleared = await updateMetadata(ref(storage, "meta.txt"), {
      cacheControl: null as unknown as string,
    });
    expect(cleared.cacheControl).toBeUndefined();
  });

  it("maps a missing object to storage/object-not-found", async () => {
    expect(await errorCode(getMetadata(ref(storage, "nope")))).toBe("storage/object-not-found");
    expect(await errorCode(getBytes(ref(storage, "nope")))).toBe("storage/object-not-found");
    expect(await errorCode(updateMetadata(ref(storage, "nope"), { contentType: "a/b" }))).toBe(
      "storage/object-not-found",
    );
    expect(await errorCode(deleteObject(ref(storage, "nope")))).toBe("storage/object-not-found");
  });
});

describe("download URLs", () => {
  it("serves ?alt=media&token= URLs without any auth header", async () => {
    const bytes = binaryBytes(3000);
    await uploadBytes(ref(storage, "public/pic.png"), bytes, { contentType: "image/png" });
    const url = await getDownloadURL(ref(storage, "public/pic.png"));
    expect(url).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:${emulator.port}/v0/b/${BUCKET}/o/public%2Fpic\\.png\\?alt=media&token=[0-9a-f-]{36}$`,
      ),
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const wrong = await fetch(url.replace(/token=.*/, "token=not-the-token"));
    expect(wrong.status).toBe(403);
    const noToken = await fetch(url.replace(/&token=.*/, ""));
    expect(noToken.status).toBe(403);
  });
});

describe("deletion", () => {
  it("deletes objects", async () => {
    await uploadString(ref(storage, "del/me"), "bye");
    await deleteObject(ref(storage, "del/me"));
    expect(await errorCode(getMetadata(ref(storage, "del/me")))).toBe("storage/object-not-found");
    expect((await listAll(ref(storage, "del"))).items).toHaveLength(0);
  });
});

describe("listing", () => {
  beforeEach(async () => {
    const names = [
      "photos/a.jpg",
      "photos/b.jpg",
      "photos/c.jpg",
      "photos/2024/x.jpg",
      "photos/2024/y.jpg",
      "photos/2025/z.jpg",
      "photosnot/q.jpg",
      "top.txt",
    ];
    await Promise.all(names.map((n) => uploadString(ref(storage, n), n)));
  });

  it("lists items and prefixes one level deep", async () => {
    const result = await listAll(ref(storage, "photos"));
    expect(result.items.map((r) => r.fullPath)).toEqual([
      "photos/a.jpg",
      "photos/b.jpg",
      "photos/c.jpg",
    ]);
    expect(result.prefixes.map((r) => r.fullPath)).toEqual(["photos/2024", "photos/2025"]);
    const root = await listAll(ref(storage));
    expect(root.items.map((r) => r.fullPath)).toEqual(["top.txt"]);
    expect(root.prefixes.map((r) => r.fullPath)).toEqual(["photos", "photosnot"]);
  });

  it("pages with maxResults and pageToken, prefixes counting towards a page", async () => {
    const first = await list(ref(storage, "photos"), { maxResults: 2 });
    expect(first.prefixes.map((r) => r.fullPath)).toEqual(["photos/2024", "photos/2025"]);
    expect(first.items).toHaveLength(0);
    expect(first.nextPageToken).toBeTruthy();
    const second = await list(ref(storage, "photos"), {
      maxResults: 2,
      pageToken: first.nextPageToken!,
    });
    expect(second.items.map((r) => r.fullPath)).toEqual(["photos/a.jpg", "photos/b.jpg"]);
    const third = await list(ref(storage, "photos"), {
      maxResults: 2,
      pageToken: second.nextPageToken!,
    });
    expect(third.items.map((r) => r.fullPath)).toEqual(["photos/c.jpg"]);
    expect(third.nextPageToken).toBeUndefined();
  });
});
