/**
 * State and operations shared by the Firebase v0 and GCS JSON routes: the object store, upload
 * sessions, rules, and the write path that turns a finished upload file into an object.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Caller } from "../shared/auth.js";
import { StorageHttpError } from "./errors.js";
import type { ObjectHasher } from "./hashing.js";
import {
  DOWNLOAD_TOKENS_KEY,
  toRulesMetadata,
  toRulesMetadataForPendingWrite,
  type ObjectMetadata,
  type WritableMetadata,
} from "./metadata.js";
import type { ObjectStore } from "./object-store.js";
import { parseRange } from "./http.js";
import type { Logger, StorageRules } from "./rules-glue.js";
import type { UploadSessions } from "./upload-sessions.js";

export interface StorageBackend {
  store: ObjectStore;
  sessions: UploadSessions;
  rules: StorageRules;
  log: Logger;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Origin clients reach us at, for absolute URLs in responses. */
  baseUrl: string;
  caller: Caller;
}

export interface CommitOptions {
  /** Firebase uploads get a download token, as the production service adds one on upload. */
  addDownloadToken: boolean;
  /** GCS `ifGenerationMatch` precondition ("0" = only if the object does not exist). */
  ifGenerationMatch?: string;
  /** Hashes the client declared in the upload's metadata; a mismatch rejects the upload (400). */
  expectedHashes?: { md5Hash?: string; crc32c?: string };
}

/** `md5Hash` / `crc32c` a client put into upload metadata, to be checked against the bytes. */
export function declaredHashes(metadataBody: unknown): { md5Hash?: string; crc32c?: string } {
  if (typeof metadataBody !== "object" || metadataBody === null) return {};
  const record = metadataBody as Record<string, unknown>;
  return {
    ...(typeof record.md5Hash === "string" && record.md5Hash ? { md5Hash: record.md5Hash } : {}),
    ...(typeof record.crc32c === "string" && record.crc32c ? { crc32c: record.crc32c } : {}),
  };
}

/**
 * Creates or overwrites `bucket/name` from a finished upload file, after the rules (create or
 * update) allowed it with the real size, hashes and metadata. On any refusal the upload file is
 * deleted and the stored object is untouched.
 */
export async function commitUpload(
  backend: StorageBackend,
  caller: Caller,
  bucket: string,
  name: string,
  uploadPath: string,
  hasher: ObjectHasher,
  metadata: WritableMetadata,
  options: CommitOptions,
): Promise<ObjectMetadata> {
  try {
    validateObjectName(name);
    const existing = backend.store.get(bucket, name);
    checkGenerationMatch(existing, options.ifGenerationMatch);
    const hashes = hasher.digest();
    for (const key of ["md5Hash", "crc32c"] as const) {
      const expected = options.expectedHashes?.[key];
      if (expected !== undefined && expected !== hashes[key]) {
        throw new StorageHttpError(
          400,
          `Provided ${key} "${expected}" doesn't match calculated ${key} "${hashes[key]}".`,
        );
      }
    }
    const requestResource = {
      ...toRulesMetadataForPendingWrite(bucket, name, hashes.size, metadata),
      md5Hash: hashes.md5Hash,
      crc32c: hashes.crc32c,
    };
    await backend.rules.authorize(caller, {
      method: existing ? "update" : "create",
      bucket,
      objectPath: name,
      resource: existing ? toRulesMetadata(existing) : null,
      requestResource,
    });
    const stored: WritableMetadata = { ...metadata, metadata: { ...(metadata.metadata ?? {}) } };
    if (options.addDownloadToken && !stored.metadata![DOWNLOAD_TOKENS_KEY]) {
      stored.metadata![DOWNLOAD_TOKENS_KEY] = randomUUID();
    }
    return await backend.store.commit(bucket, name, uploadPath, hashes, stored);
  } catch (error) {
    await rm(uploadPath, { force: true });
    throw error;
  }
}

export function validateObjectName(name: string): void {
  if (name === "") throw new StorageHttpError(400, "Object name must not be empty.", "required");
  if (Buffer.byteLength(name, "utf8") > 1024) {
    throw new StorageHttpError(400, "Object name is longer than 1024 bytes.");
  }
  if (name === "." || name === ".." || /[\r\n]/.test(name)) {
    throw new StorageHttpError(400, `Invalid object name '${name}'.`);
  }
}

export function checkGenerationMatch(
  existing: ObjectMetadata | undefined,
  ifGenerationMatch: string | undefined | null,
): void {
  if (ifGenerationMatch === undefined || ifGenerationMatch === null) return;
  const current = existing?.generation ?? "0";
  if (current !== ifGenerationMatch) {
    throw new StorageHttpError(
      412,
      "At least one of the pre-conditions you specified did not hold.",
      "conditionNotMet",
    );
  }
}

/** Streams an object's bytes with the headers both SDKs rely on (x-goog-hash for validation). */
export async function sendObjectMedia(
  backend: StorageBackend,
  ctx: RequestContext,
  meta: ObjectMetadata,
): Promise<void> {
  const { req, res } = ctx;
  const range = parseRange(req.headers.range, meta.size);
  const headers: Record<string, string | number> = {
    "Content-Type": meta.contentType,
    "Accept-Ranges": "bytes",
    ETag: `"${meta.md5Hash}"`,
    "Last-Modified": new Date(meta.updated).toUTCString(),
    "Cache-Control": meta.cacheControl ?? "private, max-age=0",
    "X-Goog-Hash": `crc32c=${meta.crc32c},md5=${meta.md5Hash}`,
    "X-Goog-Generation": meta.generation,
    "X-Goog-Metageneration": meta.metageneration,
    "X-Goog-Stored-Content-Encoding": meta.contentEncoding ?? "identity",
    "X-Goog-Stored-Content-Length": meta.size,
  };
  if (meta.contentDisposition) headers["Content-Disposition"] = meta.contentDisposition;
  if (meta.contentLanguage) headers["Content-Language"] = meta.contentLanguage;
  // Stored gzip bytes are served as stored; clients that asked for them decompress themselves.
  if (meta.contentEncoding === "gzip") headers["Content-Encoding"] = "gzip";
  let status = 200;
  if (range) {
    status = 206;
    headers["Content-Range"] = `bytes ${range.start}-${range.end}/${meta.size}`;
    headers["Content-Length"] = range.end - range.start + 1;
  } else {
    headers["Content-Length"] = meta.size;
  }
  res.writeHead(status, headers);
  if (req.method === "HEAD" || meta.size === 0) {
    res.end();
    return;
  }
  const stream = backend.store.openRead(meta.bucket, meta.name, range);
  await new Promise<void>((resolve) => {
    stream.on("error", (error) => {
      backend.log(`reading ${meta.bucket}/${meta.name} failed: ${String(error)}`);
      res.destroy(error);
      resolve();
    });
    res.on("close", () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}

/** Parses `maxResults` (1…1000, default 1000) as both list APIs accept it. */
export function parseMaxResults(raw: string | null): number {
  if (raw === null || raw === "") return 1000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new StorageHttpError(400, `Invalid maxResults '${raw}'.`);
  }
  return Math.min(value, 1000);
}
