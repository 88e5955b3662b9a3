/**
 * The subset of the Cloud Storage JSON API that `@google-cloud/storage` (and so
 * `firebase-admin/storage`) uses against an emulator:
 *   POST   /upload/storage/v1/b/{bucket}/o?uploadType=media|multipart|resumable&name=…
 *   PUT    /upload/storage/v1/b/{bucket}/o?upload_id=…   resumable chunk (Content-Range), 308 until done
 *   DELETE /upload/storage/v1/b/{bucket}/o?upload_id=…   cancel a session (499)
 *   GET    /storage/v1/b/{bucket}                          bucket
 *   GET    /storage/v1/b/{bucket}/o?prefix&delimiter&pageToken&maxResults
 *   GET    /storage/v1/b/{bucket}/o/{object}[?alt=media]  metadata or bytes
 *   PATCH  /storage/v1/b/{bucket}/o/{object}              metadata patch
 *   DELETE /storage/v1/b/{bucket}/o/{object}
 *   POST   /storage/v1/b/{bucket}/o/{object}/{copyTo|rewriteTo}/b/{bucket}/o/{object}
 *   GET    /download/storage/v1/b/{bucket}/o/{object}?alt=media
 * With an emulator endpoint the client leaves out the `/storage/v1` prefix, so both forms are served.
 * storage.rules do not govern this API (in production IAM does): every request is served as the
 * project's owner, which is also what the admin SDK's "Bearer owner" says.
 */
import { appendChunk, receivedBytes, type UploadSession } from "./upload-sessions.js";
import {
  checkGenerationMatch,
  commitUpload,
  declaredHashes,
  parseMaxResults,
  sendObjectMedia,
  type CommitOptions,
  type RequestContext,
  type StorageBackend,
} from "./backend.js";
import { badRequest, notFound, StorageHttpError } from "./errors.js";
import type { ObjectHasher } from "./hashing.js";
import { readJsonBody, sendJson } from "./http.js";
import {
  parseWritableMetadata,
  patchedMetadata,
  toGcsResource,
  type ObjectMetadata,
  type WritableMetadata,
} from "./metadata.js";
import { boundaryFromContentType, readMultipartUpload } from "./multipart.js";
import { pipeBody, withUploadFile } from "./upload-file.js";
import { commitSession, startResumableSession } from "./resumable.js";
import { ADMIN } from "../shared/auth.js";

export async function handleGcsRequest(
  backend: StorageBackend,
  ctx: RequestContext,
): Promise<boolean> {
  const path = ctx.url.pathname;
  const method = ctx.req.method ?? "GET";
  const uploadMatch = /^\/upload\/storage\/v1\/b\/([^/]+)\/o\/?$/.exec(path);
  if (uploadMatch) {
    await uploadRoute(backend, ctx, decodeURIComponent(uploadMatch[1]!), method);
    return true;
  }
  const downloadMatch = /^\/download\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(path);
  if (downloadMatch && (method === "GET" || method === "HEAD")) {
    const meta = existingObject(backend, ctx, downloadMatch[1]!, downloadMatch[2]!);
    await sendObjectMedia(backend, ctx, meta);
    return true;
  }
  const copyMatch =
    /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/(.+)\/(copyTo|rewriteTo)\/b\/([^/]+)\/o\/(.+)$/.exec(path);
  if (copyMatch && method === "POST") {
    await copyObject(backend, ctx, copyMatch);
    return true;
  }
  const objectMatch = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/(.+)$/.exec(path);
  if (objectMatch) {
    await objectRoute(backend, ctx, objectMatch[1]!, objectMatch[2]!, method);
    return true;
  }
  const listMatch = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/?$/.exec(path);
  if (listMatch && method === "GET") {
    listObjects(backend, ctx, decodeURIComponent(listMatch[1]!));
    return true;
  }
  const bucketMatch = /^(?:\/storage\/v1)?\/b\/([^/]+)\/?$/.exec(path);
  if (bucketMatch && method === "GET") {
    sendJson(ctx.res, 200, bucketResource(ctx, decodeURIComponent(bucketMatch[1]!)));
    return true;
  }
  return false;
}

function existingObject(
  backend: StorageBackend,
  ctx: RequestContext,
  rawBucket: string,
  rawName: string,
): ObjectMetadata {
  const bucket = decodeURIComponent(rawBucket);
  const name = decodeURIComponent(rawName);
  const meta = backend.store.get(bucket, name);
  if (!meta) throw notFound(`No such object: ${bucket}/${name}`);
  const generation = ctx.url.searchParams.get("generation");
  if (generation !== null && generation !== meta.generation) {
    throw notFound(`No such object: ${bucket}/${name}#${generation}`);
  }
  checkGenerationMatch(meta, ctx.url.searchParams.get("ifGenerationMatch"));
  return meta;
}

async function objectRoute(
  backend: StorageBackend,
  ctx: RequestContext,
  rawBucket: string,
  rawName: string,
  method: string,
): Promise<void> {
  const meta = existingObject(backend, ctx, rawBucket, rawName);
  switch (method) {
    case "GET":
    case "HEAD":
      if (ctx.url.searchParams.get("alt") === "media") await sendObjectMedia(backend, ctx, meta);
      else sendJson(ctx.res, 200, toGcsResource(meta, ctx.baseUrl));
      return;
    case "PATCH":
    case "PUT": {
      const body = (await readJsonBody(ctx.req)) ?? {};
      const next = patchedMetadata(meta, body);
      sendJson(ctx.res, 200, toGcsResource(backend.store.replaceMetadata(next), ctx.baseUrl));
      return;
    }
    case "DELETE":
      await backend.store.delete(meta.bucket, meta.name);
      ctx.res.writeHead(204).end();
      return;
    default:
      throw new StorageHttpError(405, `${method} is not supported on an object.`);
  }
}

function listObjects(backend: StorageBackend, ctx: RequestContext, bucket: string): void {
  const params = ctx.url.searchParams;
  const pageToken = params.get("pageToken") ?? undefined;
  const result = backend.store.list(bucket, {
    prefix: params.get("prefix") ?? "",
    delimiter: params.get("delimiter") ?? "",
    maxResults: parseMaxResults(params.get("maxResults")),
    ...(pageToken ? { pageToken } : {}),
  });
  // GCS leaves out empty `items` / `prefixes` arrays.
  sendJson(ctx.res, 200, {
    kind: "storage#objects",
    ...(result.items.length > 0
      ? { items: result.items.map((item) => toGcsResource(item, ctx.baseUrl)) }
      : {}),
    ...(result.prefixes.length > 0 ? { prefixes: result.prefixes } : {}),
    ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
  });
}

function bucketResource(ctx: RequestContext, bucket: string): Record<string, unknown> {
  // The emulator serves any bucket name; its "creation" is the emulator's start.
  return {
    kind: "storage#bucket",
    id: bucket,
    selfLink: `${ctx.baseUrl}/storage/v1/b/${encodeURIComponent(bucket)}`,
    name: bucket,
    projectNumber: "0",
    metageneration: "1",
    location: "US",
    storageClass: "STANDARD",
    etag: "CAE=",
    timeCreated: STARTED_AT,
    updated: STARTED_AT,
    locationType: "multi-region",
    iamConfiguration: {
      uniformBucketLevelAccess: { enabled: false },
      publicAccessPrevention: "inherited",
    },
  };
}

const STARTED_AT = new Date().toISOString();

async function uploadRoute(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
  method: string,
): Promise<void> {
  const params = ctx.url.searchParams;
  const uploadId = params.get("upload_id");
  if (uploadId !== null) {
    const session = backend.sessions.get(uploadId);
    if (!session || session.api !== "gcs") {
      throw notFound(`Upload session '${uploadId}' does not exist.`);
    }
    if (method === "DELETE") {
      await backend.sessions.serialize(session, () => backend.sessions.cancel(session));
      // GCS answers a cancelled session with the non-standard 499.
      ctx.res.writeHead(499, { "Content-Length": 0 }).end();
      return;
    }
    if (method !== "PUT" && method !== "POST") {
      throw new StorageHttpError(405, `${method} is not supported on an upload session.`);
    }
    await backend.sessions.serialize(session, () => resumableChunk(backend, ctx, session));
    return;
  }
  if (method !== "POST") throw new StorageHttpError(405, `${method} needs an upload session.`);
  const uploadType = params.get("uploadType") ?? "media";
  switch (uploadType) {
    case "media":
      await mediaUpload(backend, ctx, bucket);
      return;
    case "multipart":
      await multipartUpload(backend, ctx, bucket);
      return;
    case "resumable":
      await startResumable(backend, ctx, bucket);
      return;
    default:
      throw badRequest(`Unsupported uploadType '${uploadType}'.`);
  }
}

async function mediaUpload(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
): Promise<void> {
  const name = ctx.url.searchParams.get("name");
  if (!name) throw badRequest("Query parameter 'name' is required for uploadType=media.");
  const contentType = ctx.req.headers["content-type"];
  await withUploadFile(backend.store.newUploadPath(), async (writer, hasher) => {
    await pipeBody(ctx.req, writer);
    await writer.close();
    await finishUpload(
      backend,
      ctx,
      bucket,
      name,
      writer.path,
      hasher,
      contentType ? { contentType } : {},
    );
  });
}

async function multipartUpload(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
): Promise<void> {
  const boundary = boundaryFromContentType(ctx.req.headers["content-type"]);
  await withUploadFile(backend.store.newUploadPath(), async (writer, hasher) => {
    const parsed = await readMultipartUpload(ctx.req, boundary, writer);
    await writer.close();
    const metadata = parseWritableMetadata(parsed.metadata);
    if (!metadata.contentType && parsed.mediaContentType) {
      metadata.contentType = parsed.mediaContentType;
    }
    const name = ctx.url.searchParams.get("name") ?? nameInBody(parsed.metadata);
    if (!name) throw badRequest("The object name is missing.");
    await finishUpload(backend, ctx, bucket, name, writer.path, hasher, metadata, {
      expectedHashes: declaredHashes(parsed.metadata),
    });
  });
}

async function finishUpload(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
  name: string,
  path: string,
  hasher: ObjectHasher,
  metadata: WritableMetadata,
  extra: Pick<CommitOptions, "expectedHashes"> = {},
): Promise<ObjectMetadata> {
  const meta = await commitUpload(backend, ADMIN, bucket, name, path, hasher, metadata, {
    ...extra,
    ...gcsCommitOptions(ctx),
  });
  sendJson(ctx.res, 200, toGcsResource(meta, ctx.baseUrl));
  return meta;
}

/** GCS uploads get no download token; `ifGenerationMatch` guards the commit. */
function gcsCommitOptions(ctx: RequestContext): CommitOptions {
  const ifGenerationMatch = ctx.url.searchParams.get("ifGenerationMatch");
  return {
    addDownloadToken: false,
    ...(ifGenerationMatch !== null ? { ifGenerationMatch } : {}),
  };
}

async function startResumable(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
): Promise<void> {
  const ifGenerationMatch = ctx.url.searchParams.get("ifGenerationMatch");
  const session = await startResumableSession(backend, ctx, bucket, {
    api: "gcs",
    contentTypeHeader: "X-Upload-Content-Type",
    sizeHeader: "X-Upload-Content-Length",
    check: async ({ name }) =>
      checkGenerationMatch(backend.store.get(bucket, name), ifGenerationMatch),
  });
  // Preconditions of the start request apply to the final commit as well.
  const query = new URLSearchParams({
    uploadType: "resumable",
    name: session.name,
    upload_id: session.id,
  });
  if (ifGenerationMatch !== null) query.set("ifGenerationMatch", ifGenerationMatch);
  const location = `${ctx.baseUrl}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?${query}`;
  ctx.res.writeHead(200, { Location: location, "Content-Length": 0 }).end();
}

/**
 * One PUT of a resumable session. `Content-Range` forms: `bytes a-b/total`, `bytes a-b/*`
 * (more to come), `bytes a-* /total|*` (the rest of the object streams in this request),
 * `bytes * /total` (finalize or query), `bytes * /*` (query). Answers 308 with `Range` while the
 * upload is incomplete and 200 with the object once it is.
 */
async function resumableChunk(
  backend: StorageBackend,
  ctx: RequestContext,
  session: UploadSession,
): Promise<void> {
  if (session.state === "final" && session.result) {
    sendJson(ctx.res, 200, toGcsResource(session.result, ctx.baseUrl));
    return;
  }
  if (session.state === "cancelled") {
    throw new StorageHttpError(410, "The upload session was cancelled or failed.", "gone");
  }
  const range = parseContentRange(ctx.req.headers["content-range"]);
  let total = range.total;
  if (range.start !== undefined) {
    const limit = range.end === undefined ? Number.POSITIVE_INFINITY : range.end - range.start + 1;
    await appendChunk(session, ctx.req, range.start, limit);
    // "a-*": the request carried everything that was left.
    if (range.end === undefined) total = receivedBytes(session);
  }
  const received = receivedBytes(session);
  if (total !== undefined && received > total) {
    throw badRequest(`Received ${received} bytes for an object of ${total} bytes.`);
  }
  if (total === undefined || received < total) {
    const headers: Record<string, string | number> = { "Content-Length": 0 };
    if (received > 0) headers.Range = `bytes=0-${received - 1}`;
    ctx.res.writeHead(308, headers).end();
    return;
  }
  const meta = await commitSession(backend, ADMIN, session, {
    ...gcsCommitOptions(ctx),
    expectedHashes: hashesFromHeader(ctx.req.headers["x-goog-hash"]),
  });
  sendJson(ctx.res, 200, toGcsResource(meta, ctx.baseUrl));
}

function parseContentRange(header: string | undefined): {
  start?: number;
  end?: number;
  total?: number;
} {
  if (header === undefined) return { start: 0 }; // a plain PUT of the whole object
  const match = /^bytes\s+(?:\*|(\d+)-(\d+|\*))\/(\d+|\*)$/.exec(header.trim());
  if (!match) throw badRequest(`Invalid Content-Range '${header}'.`);
  const result: { start?: number; end?: number; total?: number } = {};
  if (match[1] !== undefined) {
    result.start = Number(match[1]);
    if (match[2] !== "*") result.end = Number(match[2]);
  }
  if (match[3] !== "*") result.total = Number(match[3]);
  if (result.end !== undefined && result.end < result.start!) {
    throw badRequest(`Invalid Content-Range '${header}'.`);
  }
  return result;
}

async function copyObject(
  backend: StorageBackend,
  ctx: RequestContext,
  match: RegExpExecArray,
): Promise<void> {
  const source = existingObject(backend, ctx, match[1]!, match[2]!);
  const kind = match[3]!;
  const bucket = decodeURIComponent(match[4]!);
  const name = decodeURIComponent(match[5]!);
  const body = (await readJsonBody(ctx.req)) ?? {};
  // The copy keeps the source's metadata unless the request body overrides it.
  const metadata: WritableMetadata = {
    ...source,
    metadata: { ...source.metadata },
    ...parseWritableMetadata(body),
  };
  const meta = await withUploadFile(backend.store.newUploadPath(), async (writer, hasher) => {
    for await (const chunk of backend.store.openRead(source.bucket, source.name)) {
      await writer.write(chunk as Buffer);
    }
    await writer.close();
    return commitUpload(backend, ADMIN, bucket, name, writer.path, hasher, metadata, {
      addDownloadToken: false,
    });
  });
  const resource = toGcsResource(meta, ctx.baseUrl);
  if (kind === "copyTo") {
    sendJson(ctx.res, 200, resource);
    return;
  }
  sendJson(ctx.res, 200, {
    kind: "storage#rewriteResponse",
    totalBytesRewritten: String(meta.size),
    objectSize: String(meta.size),
    done: true,
    resource,
  });
}

/** `X-Goog-Hash: crc32c=…,md5=…` the client may send with the last chunk. */
function hashesFromHeader(header: string | string[] | undefined): {
  md5Hash?: string;
  crc32c?: string;
} {
  const result: { md5Hash?: string; crc32c?: string } = {};
  for (const part of (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "md5") result.md5Hash = value;
    else if (key === "crc32c") result.crc32c = value;
  }
  return result;
}

function nameInBody(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const name = (body as Record<string, unknown>).name;
  return typeof name === "string" && name !== "" ? name : undefined;
}
