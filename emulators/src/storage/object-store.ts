/**
 * Objects of all buckets: bytes in one file per object generation under `<workDir>/blobs`,
 * metadata in memory (written out as readable JSON on export). Uploads land in
 * `<workDir>/uploads` first and are renamed into place when they commit, so a failed or denied
 * upload never touches the stored object.
 */
import { createReadStream, type ReadStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import type { Journal } from "../firestore/journal.js";
import type { ObjectRecord } from "./object-journal.js";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { StorageHttpError } from "./errors.js";
import {
  newObjectMetadata,
  touched,
  type ObjectMetadata,
  type WritableMetadata,
} from "./metadata.js";

interface StoredObject {
  meta: ObjectMetadata;
  blobFile: string; // file name inside blobs/
}

export interface ListOptions {
  prefix: string;
  delimiter: string;
  maxResults: number;
  pageToken?: string;
}

export interface ListResult {
  items: ObjectMetadata[];
  prefixes: string[];
  nextPageToken?: string;
}

/** Subdirectory of an import/export directory that holds storage data. */
const EXPORT_SUBDIR = "storage_export";

export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private readonly blobsDir: string;
  private readonly uploadsDir: string;
  private journal: Journal<ObjectRecord> | undefined;

  private constructor(readonly workDir: string) {
    this.blobsDir = join(workDir, "blobs");
    this.uploadsDir = join(workDir, "uploads");
  }

  static async open(workDir: string): Promise<ObjectStore> {
    const store = new ObjectStore(workDir);
    await mkdir(store.blobsDir, { recursive: true });
    await mkdir(store.uploadsDir, { recursive: true });
    return store;
  }

  /** From now on every change is journaled before it is acknowledged (see object-journal.ts). */
  attachJournal(journal: Journal<ObjectRecord> | undefined): void {
    this.journal = journal;
  }

  /** Re-applies journaled changes whose blob files are still in the working directory. */
  replay(records: Iterable<ObjectRecord>): void {
    for (const record of records) {
      if (record.op === "clear") {
        if (record.bucket === undefined) this.buckets.clear();
        else this.buckets.delete(record.bucket);
      } else if (record.op === "delete") this.buckets.get(record.bucket)?.delete(record.name);
      else {
        this.bucketMap(record.meta.bucket).set(record.meta.name, {
          meta: record.meta,
          blobFile: record.blobFile,
        });
      }
    }
  }

  /** Deletes blob files no object refers to (left by a crash or a replaced import). */
  async removeUnreferencedBlobs(): Promise<void> {
    const used = new Set<string>();
    for (const objects of this.buckets.values()) {
      for (const stored of objects.values()) used.add(stored.blobFile);
    }
    for (const file of await readdir(this.blobsDir)) {
      if (!used.has(file)) await rm(join(this.blobsDir, file), { force: true });
    }
  }

  /** A fresh path for an upload's bytes; the caller deletes it unless it is committed. */
  newUploadPath(): string {
    return join(this.uploadsDir, randomUUID());
  }

  get(bucket: string, name: string): ObjectMetadata | undefined {
    return this.buckets.get(bucket)?.get(name)?.meta;
  }

  /** Makes a finished upload file the new generation of `bucket/name`. */
  async commit(
    bucket: string,
    name: string,
    uploadPath: string,
    hashes: { md5Hash: string; crc32c: string; size: number },
    input: WritableMetadata,
  ): Promise<ObjectMetadata> {
    const meta = newObjectMetadata(bucket, name, hashes, input);
    const blobFile = `${meta.generation}-${randomUUID()}`;
    await rename(uploadPath, join(this.blobsDir, blobFile));
    const objects = this.bucketMap(bucket);
    const previous = objects.get(name);
    this.journal?.append({ op: "put", meta, blobFile });
    objects.set(name, { meta, blobFile });
    // Readers that already opened the old generation keep their descriptor; unlinking is safe.
    if (previous) await rm(join(this.blobsDir, previous.blobFile), { force: true });
    return meta;
  }

  /**
   * Replaces the metadata of the current generation with a version derived from it by the caller.
   * If the object was overwritten or its metadata changed in the meantime (the caller awaited rules
   * or a body), the change is refused rather than silently undoing the other write.
   */
  replaceMetadata(meta: ObjectMetadata, bumpMetageneration = true): ObjectMetadata {
    const stored = this.buckets.get(meta.bucket)?.get(meta.name);
    if (!stored) throw new StorageHttpError(404, `No such object: ${meta.bucket}/${meta.name}`);
    if (
      stored.meta.generation !== meta.generation ||
      stored.meta.metageneration !== meta.metageneration
    ) {
      throw new StorageHttpError(
        409,
        `${meta.bucket}/${meta.name} changed while this request was processed; retry it.`,
        "conflict",
      );
    }
    const next = bumpMetageneration ? touched(meta) : meta;
    this.journal?.append({ op: "put", meta: next, blobFile: stored.blobFile });
    stored.meta = next;
    return stored.meta;
  }

  async delete(bucket: string, name: string): Promise<boolean> {
    const objects = this.buckets.get(bucket);
    const stored = objects?.get(name);
    if (!objects || !stored) return false;
    this.journal?.append({ op: "delete", bucket, name });
    objects.delete(name);
    await rm(join(this.blobsDir, stored.blobFile), { force: true });
    return true;
  }

  /** Reads bytes [start, end] inclusive (whole object without a range). */
  openRead(bucket: string, name: string, range?: { start: number; end: number }): ReadStream {
    const stored = this.buckets.get(bucket)?.get(name);
    if (!stored) throw new Error(`No object ${bucket}/${name}`);
    return createReadStream(join(this.blobsDir, stored.blobFile), range);
  }

  /**
   * Lexicographic listing as GCS does it: with a delimiter, names that continue past the
   * delimiter collapse into one `prefixes` entry; items and prefixes together count towards
   * `maxResults`, and the page token is the last entry returned.
   */
  list(bucket: string, options: ListOptions): ListResult {
    const objects = this.buckets.get(bucket);
    const names = objects ? [...objects.keys()].filter((n) => n.startsWith(options.prefix)) : [];
    names.sort(compareNames);
    const after = options.pageToken ? decodePageToken(options.pageToken) : undefined;
    const result: ListResult = { items: [], prefixes: [] };
    let lastKey: string | undefined;
    let count = 0;
    for (const name of names) {
      let key = name;
      let isPrefix = false;
      if (options.delimiter) {
        const rest = name.slice(options.prefix.length);
        const at = rest.indexOf(options.delimiter);
        if (at >= 0) {
          key = options.prefix + rest.slice(0, at + options.delimiter.length);
          isPrefix = true;
        }
      }
      if (key === lastKey) continue; // further names inside an already listed prefix
      if (after !== undefined && compareNames(key, after) <= 0) continue;
      if (count === options.maxResults) {
        result.nextPageToken = encodePageToken(lastKey!);
        break;
      }
      if (isPrefix) result.prefixes.push(key);
      else result.items.push(objects!.get(name)!.meta);
      lastKey = key;
      count++;
    }
    return result;
  }

  async clear(): Promise<void> {
    this.journal?.append({ op: "clear" });
    this.buckets.clear();
    await rm(this.blobsDir, { recursive: true, force: true });
    await mkdir(this.blobsDir, { recursive: true });
  }

  /** Deletes every object of one bucket; the other buckets keep theirs. */
  async clearBucket(bucket: string): Promise<void> {
    const objects = this.buckets.get(bucket);
    if (!objects) return;
    this.journal?.append({ op: "clear", bucket });
    this.buckets.delete(bucket);
    await Promise.all(
      [...objects.values()].map((stored) =>
        rm(join(this.blobsDir, stored.blobFile), { force: true }),
      ),
    );
  }

  /**
   * Writes `<dir>/storage_export/{metadata,blobs}/<bucket>/<object>` with URI-encoded bucket and
   * object names (so "a" and "a/b" can both exist), metadata as pretty-printed JSON. The export is
   * assembled next to the target and swapped in, so an interrupted export leaves the old one.
   */
  async exportTo(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    const target = join(dir, EXPORT_SUBDIR);
    const staging = join(dir, `${EXPORT_SUBDIR}.tmp-${randomUUID()}`);
    try {
      for (const [bucket, objects] of this.buckets) {
        const metaDir = join(staging, "metadata", encodeURIComponent(bucket));
        const blobDir = join(staging, "blobs", encodeURIComponent(bucket));
        await mkdir(metaDir, { recursive: true });
        await mkdir(blobDir, { recursive: true });
        for (const [name, stored] of objects) {
          const fileName = encodeURIComponent(name);
          await copyFile(join(this.blobsDir, stored.blobFile), join(blobDir, fileName));
          await writeFile(
            join(metaDir, `${fileName}.json`),
            JSON.stringify(stored.meta, null, 2) + "\n",
          );
        }
      }
      await mkdir(staging, { recursive: true });
      await rm(target, { recursive: true, force: true });
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
  }

  /** Loads an export written by `exportTo`; a missing export is an empty store. */
  async importFrom(dir: string): Promise<void> {
    const source = join(dir, EXPORT_SUBDIR);
    let bucketDirs: string[];
    try {
      bucketDirs = await readdir(join(source, "metadata"));
    } catch {
      return;
    }
    for (const bucketDir of bucketDirs) {
      const bucket = decodeURIComponent(bucketDir);
      const objects = this.bucketMap(bucket);
      for (const file of await readdir(join(source, "metadata", bucketDir))) {
        if (!file.endsWith(".json")) continue;
        const fileName = file.slice(0, -".json".length);
        const meta = JSON.parse(
          await readFile(join(source, "metadata", bucketDir, file), "utf8"),
        ) as ObjectMetadata;
        const blobFile = `${meta.generation}-${randomUUID()}`;
        await copyFile(join(source, "blobs", bucketDir, fileName), join(this.blobsDir, blobFile));
        objects.set(meta.name, { meta, blobFile });
      }
    }
  }

  private bucketMap(bucket: string): Map<string, StoredObject> {
    let objects = this.buckets.get(bucket);
    if (!objects) {
      objects = new Map();
      this.buckets.set(bucket, objects);
    }
    return objects;
  }
}

/** GCS orders names by their UTF-8 bytes, which differs from UTF-16 order for astral characters. */
function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

function encodePageToken(key: string): string {
  return Buffer.from(key, "utf8").toString("base64url");
}

function decodePageToken(token: string): string {
  return Buffer.from(token, "base64url").toString("utf8");
}
