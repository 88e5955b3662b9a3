/**
 * Object metadata as the emulator stores it, the two wire shapes that expose it (Firebase Storage
 * v0 and the GCS JSON API), the view security rules get, and the patch semantics both APIs share.
 */
import { randomUUID } from "node:crypto";
import type { StorageObjectMetadata } from "../rules/api.js";
import { badRequest } from "./errors.js";

/** Custom-metadata key under which Firebase keeps the comma-separated download tokens. */
export const DOWNLOAD_TOKENS_KEY = "firebaseStorageDownloadTokens";

/** Fields a client may set on upload or change with PATCH. */
export interface WritableMetadata {
  contentType?: string;
  contentEncoding?: string;
  contentDisposition?: string;
  contentLanguage?: string;
  cacheControl?: string;
  metadata?: Record<string, string>;
}

const WRITABLE_STRING_FIELDS = [
  "contentType",
  "contentEncoding",
  "contentDisposition",
  "contentLanguage",
  "cacheControl",
] as const;

export interface ObjectMetadata extends WritableMetadata {
  bucket: string;
  name: string;
  generation: string;
  metageneration: string;
  size: number;
  contentType: string;
  md5Hash: string;
  crc32c: string;
  etag: string;
  timeCreated: string;
  updated: string;
  metadata: Record<string, string>;
}

let lastGeneration = 0;
/** Generations are microsecond timestamps, strictly increasing within the process as in GCS. */
function nextGeneration(): string {
  lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
  return String(lastGeneration);
}

function etagFor(generation: string, metageneration: string): string {
  return Buffer.from(`${generation}/${metageneration}`).toString("base64");
}

export function newObjectMetadata(
  bucket: string,
  name: string,
  hashes: { md5Hash: string; crc32c: string; size: number },
  input: WritableMetadata,
): ObjectMetadata {
  const generation = nextGeneration();
  const now = new Date().toISOString();
  const result: ObjectMetadata = {
    bucket,
    name,
    generation,
    metageneration: "1",
    size: hashes.size,
    contentType: input.contentType || "application/octet-stream",
    md5Hash: hashes.md5Hash,
    crc32c: hashes.crc32c,
    etag: etagFor(generation, "1"),
    // An overwrite is a new generation: creation time is that of the new generation, as in GCS.
    timeCreated: now,
    updated: now,
    metadata: { ...(input.metadata ?? {}) },
  };
  for (const field of WRITABLE_STRING_FIELDS) {
    if (field !== "contentType" && input[field] !== undefined) result[field] = input[field];
  }
  return result;
}

/**
 * Reads upload metadata from a JSON request body. Unknown fields are ignored (the SDKs send
 * read-only ones such as `name`, `size`, `md5Hash` along); wrongly typed writable ones are rejected.
 */
export function parseWritableMetadata(body: unknown): WritableMetadata {
  if (body === null || body === undefined) return {};
  if (typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("Object metadata must be a JSON object.");
  }
  const record = body as Record<string, unknown>;
  const result: WritableMetadata = {};
  for (const field of WRITABLE_STRING_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") throw badRequest(`Metadata field '${field}' must be a string.`);
    result[field] = value;
  }
  if (record.metadata !== undefined && record.metadata !== null) {
    result.metadata = customMetadataFrom(record.metadata, false) as Record<string, string>;
  }
  return result;
}

function customMetadataFrom(value: unknown, allowNull: boolean): Record<string, string | null> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("Custom metadata must be an object of strings.");
  }
  const out: Record<string, string | null> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (entry === null) {
      if (allowNull) out[key] = null;
      continue;
    }
    // GCS stores custom metadata values as strings; numbers and booleans are stringified.
    if (typeof entry === "object") throw badRequest(`Custom metadata '${key}' must be a string.`);
    out[key] = String(entry);
  }
  return out;
}

/**
 * PATCH semantics of both APIs: a present field replaces, `null` clears, an absent field stays;
 * `metadata` merges key by key, a `null` key is removed, `metadata: null` removes all custom keys.
 * Returns the would-be metadata without touching the stored one.
 */
export function patchedMetadata(current: ObjectMetadata, body: unknown): ObjectMetadata {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("Metadata patch must be a JSON object.");
  }
  const record = body as Record<string, unknown>;
  const next: ObjectMetadata = { ...current, metadata: { ...current.metadata } };
  for (const field of WRITABLE_STRING_FIELDS) {
    if (!(field in record)) continue;
    const value = record[field];
    if (value === undefined) continue;
    if (value === null) {
      if (field === "contentType") next.contentType = "application/octet-stream";
      else delete next[field];
    } else if (typeof value === "string") {
      next[field] = value;
    } else {
      throw badRequest(`Metadata field '${field}' must be a string.`);
    }
  }
  if ("metadata" in record) {
    if (record.metadata === null) {
      const tokens = next.metadata[DOWNLOAD_TOKENS_KEY];
      next.metadata = tokens === undefined ? {} : { [DOWNLOAD_TOKENS_KEY]: tokens };
    } else if (record.metadata !== undefined) {
      for (const [key, value] of Object.entries(customMetadataFrom(record.metadata, true))) {
        if (value === null) delete next.metadata[key];
        else next.metadata[key] = value;
      }
    }
  }
  return next;
}

/** Marks a metadata change: bumps metageneration, `updated` and the etag. */
export function touched(meta: ObjectMetadata): ObjectMetadata {
  const metageneration = String(Number(meta.metageneration) + 1);
  return {
    ...meta,
    metageneration,
    updated: new Date().toISOString(),
    etag: etagFor(meta.generation, metageneration),
  };
}

export function downloadTokens(meta: ObjectMetadata): string[] {
  const raw = meta.metadata[DOWNLOAD_TOKENS_KEY];
  return raw ? raw.split(",").filter((t) => t !== "") : [];
}

export function withNewDownloadToken(meta: ObjectMetadata): ObjectMetadata {
  const tokens = [...downloadTokens(meta), randomUUID()];
  return { ...meta, metadata: { ...meta.metadata, [DOWNLOAD_TOKENS_KEY]: tokens.join(",") } };
}

function customMetadataWithoutTokens(meta: ObjectMetadata): Record<string, string> {
  const { [DOWNLOAD_TOKENS_KEY]: _tokens, ...rest } = meta.metadata;
  return rest;
}

function optionalStringFields(meta: WritableMetadata): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of WRITABLE_STRING_FIELDS) {
    const value = meta[field];
    if (field !== "contentType" && value !== undefined) out[field] = value;
  }
  return out;
}

/** The resource Firebase Storage v0 returns: tokens surface as `downloadTokens`, not metadata. */
export function toFirebaseResource(meta: ObjectMetadata): Record<string, unknown> {
  const custom = customMetadataWithoutTokens(meta);
  const tokens = downloadTokens(meta);
  return {
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: meta.metageneration,
    contentType: meta.contentType,
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    storageClass: "STANDARD",
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: meta.etag,
    contentEncoding: meta.contentEncoding ?? "identity",
    ...optionalStringFields(meta),
    ...(tokens.length > 0 ? { downloadTokens: tokens.join(",") } : {}),
    ...(Object.keys(custom).length > 0 ? { metadata: custom } : {}),
  };
}

/** The `storage#object` resource of the GCS JSON API. */
export function toGcsResource(meta: ObjectMetadata, baseUrl: string): Record<string, unknown> {
  const bucket = encodeURIComponent(meta.bucket);
  const name = encodeURIComponent(meta.name);
  return {
    kind: "storage#object",
    id: `${meta.bucket}/${meta.name}/${meta.generation}`,
    selfLink: `${baseUrl}/storage/v1/b/${bucket}/o/${name}`,
    mediaLink: `${baseUrl}/download/storage/v1/b/${bucket}/o/${name}?generation=${meta.generation}&alt=media`,
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: meta.metageneration,
    contentType: meta.contentType,
    storageClass: "STANDARD",
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: meta.etag,
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    timeStorageClassUpdated: meta.timeCreated,
    ...optionalStringFields(meta),
    ...(Object.keys(meta.metadata).length > 0 ? { metadata: { ...meta.metadata } } : {}),
  };
}

/** `resource` / `request.resource` in storage.rules. */
export function toRulesMetadata(meta: ObjectMetadata): StorageObjectMetadata {
  return {
    name: meta.name,
    bucket: meta.bucket,
    size: meta.size,
    contentType: meta.contentType,
    metadata: customMetadataWithoutTokens(meta),
    generation: meta.generation,
    metageneration: meta.metageneration,
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: meta.etag,
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    ...optionalStringFields(meta),
  };
}

/** `request.resource` for a write whose bytes are not (all) there yet: declared values only. */
export function toRulesMetadataForPendingWrite(
  bucket: string,
  name: string,
  size: number,
  input: WritableMetadata,
): StorageObjectMetadata {
  const custom = { ...(input.metadata ?? {}) };
  delete custom[DOWNLOAD_TOKENS_KEY];
  const now = new Date().toISOString();
  return {
    name,
    bucket,
    size,
    contentType: input.contentType || "application/octet-stream",
    metadata: custom,
    timeCreated: now,
    updated: now,
    ...optionalStringFields(input),
  };
}
