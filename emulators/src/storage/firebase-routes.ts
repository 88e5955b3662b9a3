/**
 * Firebase Storage v0 REST as the `firebase/storage` web SDK uses it:
 *   GET    /v0/b/{bucket}/o?prefix&delimiter&pageToken&maxResults   list
 *   POST   /v0/b/{bucket}/o?name=…                                  upload (multipart, resumable, raw)
 *   POST   /v0/b/{bucket}/o?name=…&upload_id=…                      resumable session commands
 *   GET    /v0/b/{bucket}/o/{object}                                metadata (with downloadTokens)
 *   GET    /v0/b/{bucket}/o/{object}?alt=media[&token=…]            bytes
 *   PATCH  /v0/b/{bucket}/o/{object}                                update metadata
 *   DELETE /v0/b/{bucket}/o/{object}                                delete
 * Every request by a non-admin caller is checked against storage.rules.
 */
import { appendChunk, receivedBytes, type UploadSession } from "./upload-sessions.js";
import {
  commitUpload,
  declaredHashes,
  parseMaxResults,
  sendObjectMedia,
  type RequestContext,
  type StorageBackend,
} from "./backend.js";
import { badRequest, notFound, permissionDenied, StorageHttpError } from "./errors.js";
import { readJsonBody, sendJson } from "./http.js";
import {
  downloadTokens,
  parseWritableMetadata,
  patchedMetadata,
  toFirebaseResource,
  toRulesMetadata,
  toRulesMetadataForPendingWrite,
  withNewDownloadToken,
  type WritableMetadata,
} from "./metadata.js";
import { boundaryFromContentType, readMultipartUpload } from "./multipart.js";
import { pipeBody, withUploadFile } from "./upload-file.js";
import { commitSession, objectName, startResumableSession } from "./resumable.js";

const CHUNK_GRANULARITY = String(256 * 1024);

/** Handles a request whose path starts with /v0/b/; `false` when no route matches. */
export async function handleFirebaseRequest(
  backend: StorageBackend,
  ctx: RequestContext,
): Promise<boolean> {
  const match = /^\/v0\/b\/([^/]+)\/o(?:\/(.*))?$/.exec(ctx.url.pathname);
  if (!match) return false;
  const bucket = decodeURIComponent(match[1]!);
  const objectPart = match[2];
  const method = ctx.req.method ?? "GET";
  if (objectPart === undefined || objectPart === "") {
    if (method === "GET") await list(backend, ctx, bucket);
    else if (method === "POST") await upload(backend, ctx, bucket);
    else throw new StorageHttpError(405, `${method} is not supported on a bucket's objects.`);
    return true;
  }
  const name = decodeURIComponent(objectPart);
  switch (method) {
    case "GET":
    case "HEAD":
      await getObject(backend, ctx, bucket, name);
      return true;
    case "PATCH":
      await updateMetadata(backend, ctx, bucket, name);
      return true;
    case "DELETE":
      await deleteObject(backend, ctx, bucket, name);
      return true;
    default:
      throw new StorageHttpError(405, `${method} is not supported on an object.`);
  }
}

async function list(backend: StorageBackend, ctx: RequestContext, bucket: string): Promise<void> {
  const params = ctx.url.searchParams;
  const prefix = params.get("prefix") ?? "";
  const delimiter = params.get("delimiter") ?? "";
  const maxResults = parseMaxResults(params.get("maxResults"));
  // Rules see the listed "folder" without its trailing delimiter: listing "users/u1/" matches
  // `match /users/{uid}/{allPaths=**}` with the path "users/u1".
  await backend.rules.authorize(ctx.caller, {
    method: "list",
    bucket,
    objectPath: prefix.replace(/\/+$/, ""),
    resource: null,
    requestResource: null,
  });
  const pageToken = params.get("pageToken") ?? undefined;
  const result = backend.store.list(bucket, {
    prefix,
    delimiter,
    maxResults,
    ...(pageToken ? { pageToken } : {}),
  });
  sendJson(ctx.res, 200, {
    prefixes: result.prefixes,
    items: result.items.map((item) => ({ name: item.name, bucket: item.bucket })),
    ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
  });
}

async function getObject(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
  name: string,
): Promise<void> {
  const params = ctx.url.searchParams;
  let meta = backend.store.get(bucket, name);
  const wantsMedia = params.get("alt") === "media";
  const token = params.get("token");
  // A download token is a capability: it grants reading the bytes without auth or rules.
  const tokenGrants =
    wantsMedia && token !== null && !!meta && downloadTokens(meta).includes(token);
  if (!tokenGrants) {
    if (token !== null && wantsMedia && ctx.caller.kind !== "admin" && meta) {
      throw permissionDenied("Permission denied. Invalid download token.");
    }
    await backend.rules.authorize(ctx.caller, {
      method: "get",
      bucket,
      objectPath: name,
      resource: meta ? toRulesMetadata(meta) : null,
      requestResource: null,
    });
  }
  // Serve the live generation, which may have changed while the rules were evaluated.
  meta = backend.store.get(bucket, name);
  if (!meta) throw notFound(`Object '${name}' does not exist.`);
  if (wantsMedia) {
    await sendObjectMedia(backend, ctx, meta);
    return;
  }
  // Objects written through the GCS API have no token yet; the first Firebase metadata read
  // creates one so getDownloadURL() works for them as well.
  if (downloadTokens(meta).length === 0) {
    meta = backend.store.replaceMetadata(withNewDownloadToken(meta), false);
  }
  sendJson(ctx.res, 200, toFirebaseResource(meta));
}

async function updateMetadata(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
  name: string,
): Promise<void> {
  const body = await readJsonBody(ctx.req);
  const existing = backend.store.get(bucket, name);
  const next = existing ? patchedMetadata(existing, body ?? {}) : null;
  await backend.rules.authorize(ctx.caller, {
    method: "update",
    bucket,
    objectPath: name,
    resource: existing ? toRulesMetadata(existing) : null,
    requestResource: next ? toRulesMetadata(next) : null,
  });
  if (!existing || !next) throw notFound(`Object '${name}' does not exist.`);
  sendJson(ctx.res, 200, toFirebaseResource(backend.store.replaceMetadata(next)));
}

async function deleteObject(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
  name: string,
): Promise<void> {
  const existing = backend.store.get(bucket, name);
  await backend.rules.authorize(ctx.caller, {
    method: "delete",
    bucket,
    objectPath: name,
    resource: existing ? toRulesMetadata(existing) : null,
    requestResource: null,
  });
  if (!existing || !(await backend.store.delete(bucket, name))) {
    throw notFound(`Object '${name}' does not exist.`);
  }
  ctx.res.writeHead(204).end();
}

async function upload(backend: StorageBackend, ctx: RequestContext, bucket: string): Promise<void> {
  const params = ctx.url.searchParams;
  const uploadId = params.get("upload_id");
  if (uploadId !== null) {
    await resumableCommand(backend, ctx, uploadId);
    return;
  }
  const protocol = header(ctx, "x-goog-upload-protocol")?.toLowerCase();
  const command = header(ctx, "x-goog-upload-command")?.toLowerCase();
  if (protocol === "resumable" || command === "start") {
    await startResumable(backend, ctx, bucket);
    return;
  }
  const contentType = header(ctx, "content-type");
  if (protocol === "multipart" || /^multipart\/related/i.test(contentType ?? "")) {
    await multipartUpload(backend, ctx, bucket);
    return;
  }
  await rawUpload(backend, ctx, bucket);
}

/** `uploadBytes` / `uploadString`: one multipart/related request with metadata and bytes. */
async function multipartUpload(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
): Promise<void> {
  const boundary = boundaryFromContentType(header(ctx, "content-type"));
  const meta = await withUploadFile(backend.store.newUploadPath(), async (writer, hasher) => {
    const parsed = await readMultipartUpload(ctx.req, boundary, writer);
    await writer.close();
    const metadata = parseWritableMetadata(parsed.metadata);
    if (!metadata.contentType && parsed.mediaContentType) {
      metadata.contentType = parsed.mediaContentType;
    }
    const name = objectName(ctx, parsed.metadata);
    return commitUpload(backend, ctx.caller, bucket, name, writer.path, hasher, metadata, {
      addDownloadToken: true,
      expectedHashes: declaredHashes(parsed.metadata),
    });
  });
  sendJson(ctx.res, 200, toFirebaseResource(meta));
}

/** A plain POST whose body is the object's bytes (the REST API's simple upload). */
async function rawUpload(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
): Promise<void> {
  const name = objectName(ctx, undefined);
  const contentType = header(ctx, "content-type");
  const metadata: WritableMetadata = contentType ? { contentType } : {};
  const meta = await withUploadFile(backend.store.newUploadPath(), async (writer, hasher) => {
    await pipeBody(ctx.req, writer);
    await writer.close();
    return commitUpload(backend, ctx.caller, bucket, name, writer.path, hasher, metadata, {
      addDownloadToken: true,
    });
  });
  sendJson(ctx.res, 200, toFirebaseResource(meta));
}

/**
 * `X-Goog-Upload-Command: start`. The rules are asked already here with the announced size and
 * metadata so a client learns about a denial before sending any bytes; they are asked again with
 * the real bytes at finalize.
 */
async function startResumable(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
): Promise<void> {
  const session = await startResumableSession(backend, ctx, bucket, {
    api: "firebase",
    contentTypeHeader: "X-Goog-Upload-Header-Content-Type",
    sizeHeader: "X-Goog-Upload-Header-Content-Length",
    check: async ({ name, metadata, declaredSize }) => {
      const existing = backend.store.get(bucket, name);
      await backend.rules.authorize(ctx.caller, {
        method: existing ? "update" : "create",
        bucket,
        objectPath: name,
        resource: existing ? toRulesMetadata(existing) : null,
        requestResource: toRulesMetadataForPendingWrite(bucket, name, declaredSize ?? 0, metadata),
      });
    },
  });
  const uploadUrl =
    `${ctx.baseUrl}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(session.name)}` +
    `&upload_id=${session.id}&upload_protocol=resumable`;
  ctx.res.writeHead(200, {
    "X-Goog-Upload-Status": "active",
    "X-Goog-Upload-URL": uploadUrl,
    "X-Goog-Upload-Control-URL": uploadUrl,
    "X-Goog-Upload-Chunk-Granularity": CHUNK_GRANULARITY,
    "Content-Length": 0,
  });
  ctx.res.end();
}

/** `X-Goog-Upload-Command`: query | cancel | upload | finalize | "upload, finalize". */
async function resumableCommand(
  backend: StorageBackend,
  ctx: RequestContext,
  uploadId: string,
): Promise<void> {
  const session = backend.sessions.get(uploadId);
  if (!session || session.api !== "firebase") {
    throw notFound(`Upload session '${uploadId}' does not exist.`);
  }
  const commands = new Set(
    (header(ctx, "x-goog-upload-command") ?? "")
      .split(",")
      .map((c) => c.trim().toLowerCase())
      .filter((c) => c !== ""),
  );
  await backend.sessions.serialize(session, async () => {
    if (commands.has("query")) {
      sendSessionStatus(ctx, session);
      return;
    }
    if (commands.has("cancel")) {
      if (session.state === "active") await backend.sessions.cancel(session);
      sendSessionStatus(ctx, session);
      return;
    }
    if (session.state !== "active") {
      throw new StorageHttpError(400, `Upload session is already ${session.state}.`);
    }
    if (commands.has("upload")) {
      const offset = Number(header(ctx, "x-goog-upload-offset") ?? "NaN");
      if (!Number.isInteger(offset) || offset < 0) {
        throw badRequest("X-Goog-Upload-Offset is required for 'upload'.");
      }
      await appendChunk(session, ctx.req, offset, remainingAllowance(session, offset));
    }
    if (commands.has("finalize")) {
      await finalize(backend, ctx, session);
      return;
    }
    if (!commands.has("upload")) {
      throw badRequest("X-Goog-Upload-Command must be start, upload, finalize, query or cancel.");
    }
    sendSessionStatus(ctx, session);
  });
}

/** Bytes a chunk may still carry: an announced total caps the whole upload. */
function remainingAllowance(session: UploadSession, offset: number): number {
  return session.declaredSize === undefined
    ? Number.POSITIVE_INFINITY
    : Math.max(0, session.declaredSize - offset);
}

async function finalize(
  backend: StorageBackend,
  ctx: RequestContext,
  session: UploadSession,
): Promise<void> {
  const received = receivedBytes(session);
  if (session.declaredSize !== undefined && received !== session.declaredSize) {
    throw badRequest(
      `Upload finalized after ${received} bytes but ${session.declaredSize} were announced.`,
    );
  }
  const result = await commitSession(backend, ctx.caller, session, { addDownloadToken: true });
  sendJson(ctx.res, 200, toFirebaseResource(result), {
    "X-Goog-Upload-Status": "final",
    "X-Goog-Upload-Size-Received": String(received),
  });
}

function sendSessionStatus(ctx: RequestContext, session: UploadSession): void {
  ctx.res.writeHead(200, {
    "X-Goog-Upload-Status": session.state,
    "X-Goog-Upload-Size-Received": String(receivedBytes(session)),
    "X-Goog-Upload-Chunk-Granularity": CHUNK_GRANULARITY,
    "Content-Length": 0,
  });
  ctx.res.end();
}

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
