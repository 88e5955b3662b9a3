/**
 * Resumable uploads, one implementation for both protocols: the Firebase v0 API (`X-Goog-Upload-*`
 * headers) and the GCS JSON API (`uploadType=resumable`, `X-Upload-*` headers). The routes only
 * say where their protocol keeps the announced content type and size, what they check before a
 * session opens (storage.rules, generation preconditions) and how they answer.
 */
import { commitUpload, validateObjectName, type RequestContext } from "./backend.js";
import type { CommitOptions, StorageBackend } from "./backend.js";
import { badRequest } from "./errors.js";
import { readJsonBody } from "./http.js";
import { parseWritableMetadata, type ObjectMetadata, type WritableMetadata } from "./metadata.js";
import type { UploadSession } from "./upload-sessions.js";
import type { Caller } from "../shared/auth.js";

export interface ResumableProtocol {
  api: UploadSession["api"];
  /** Request headers announcing the object's content type and total size. */
  contentTypeHeader: string;
  sizeHeader: string;
  /** Runs before the session exists: a refusal here means no byte is ever sent. */
  check(start: { name: string; metadata: WritableMetadata; declaredSize?: number }): Promise<void>;
}

/** The start request: metadata in the JSON body, the name in the query (or the body). */
export async function startResumableSession(
  backend: StorageBackend,
  ctx: RequestContext,
  bucket: string,
  protocol: ResumableProtocol,
): Promise<UploadSession> {
  const body = await readJsonBody(ctx.req);
  const metadata = parseWritableMetadata(body);
  const announcedType = header(ctx, protocol.contentTypeHeader);
  if (!metadata.contentType && announcedType) metadata.contentType = announcedType;
  const name = objectName(ctx, body);
  validateObjectName(name);
  const announcedSize = header(ctx, protocol.sizeHeader);
  const declaredSize =
    announcedSize !== undefined && announcedSize !== "" ? Number(announcedSize) : undefined;
  if (declaredSize !== undefined && (!Number.isInteger(declaredSize) || declaredSize < 0)) {
    throw badRequest(`Invalid ${protocol.sizeHeader} '${announcedSize}'.`);
  }
  await protocol.check({ name, metadata, declaredSize });
  return backend.sessions.create(
    protocol.api,
    bucket,
    name,
    metadata,
    declaredSize,
    backend.store.newUploadPath(),
  );
}

/**
 * Commits a session's bytes as the object. A failed commit removed the bytes, so the session can
 * never be finalized any more: it ends cancelled.
 */
export async function commitSession(
  backend: StorageBackend,
  caller: Caller,
  session: UploadSession,
  options: CommitOptions,
): Promise<ObjectMetadata> {
  try {
    session.result = await commitUpload(
      backend,
      caller,
      session.bucket,
      session.name,
      session.path,
      session.hasher,
      session.metadata,
      options,
    );
    session.state = "final";
    return session.result;
  } catch (error) {
    session.state = "cancelled";
    throw error;
  }
}

/** The object's name: the `name` query parameter, else the metadata body's `name`. */
export function objectName(ctx: RequestContext, metadataBody: unknown): string {
  const fromQuery = ctx.url.searchParams.get("name");
  if (fromQuery) return fromQuery;
  const fromBody =
    typeof metadataBody === "object" && metadataBody !== null
      ? (metadataBody as Record<string, unknown>).name
      : undefined;
  if (typeof fromBody === "string" && fromBody !== "") return fromBody;
  throw badRequest("The object name is missing (query parameter 'name').");
}

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
