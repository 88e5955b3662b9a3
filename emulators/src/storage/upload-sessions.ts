/**
 * Resumable upload sessions shared by both protocols (Firebase `X-Goog-Upload-Protocol:
 * resumable`, GCS `uploadType=resumable`). Bytes are appended to the session's file as they
 * arrive and hashed incrementally; the object is only created when the session is finalized.
 */
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { badRequest } from "./errors.js";
import { ObjectHasher } from "./hashing.js";
import type { ObjectMetadata, WritableMetadata } from "./metadata.js";
import { UploadFileWriter } from "./upload-file.js";

export type SessionState = "active" | "final" | "cancelled";

export interface UploadSession {
  readonly id: string;
  readonly api: "firebase" | "gcs";
  readonly bucket: string;
  readonly name: string;
  readonly metadata: WritableMetadata;
  /** Total size announced at start (X-Goog-Upload-Header-Content-Length / X-Upload-Content-Length). */
  readonly declaredSize: number | undefined;
  readonly path: string;
  readonly hasher: ObjectHasher;
  state: SessionState;
  /** The committed object once the session is final. */
  result: ObjectMetadata | undefined;
  /** Chunks of one session are applied strictly one after another. */
  queue: Promise<unknown>;
}

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();

  create(
    api: UploadSession["api"],
    bucket: string,
    name: string,
    metadata: WritableMetadata,
    declaredSize: number | undefined,
    path: string,
  ): UploadSession {
    const session: UploadSession = {
      id: randomUUID().replace(/-/g, ""),
      api,
      bucket,
      name,
      metadata,
      declaredSize,
      path,
      hasher: new ObjectHasher(),
      state: "active",
      result: undefined,
      queue: Promise.resolve(),
    };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string | null | undefined): UploadSession | undefined {
    return id ? this.sessions.get(id) : undefined;
  }

  /** Runs `work` after all earlier work of the session finished. */
  serialize<T>(session: UploadSession, work: () => Promise<T>): Promise<T> {
    const run = session.queue.then(work, work);
    session.queue = run.catch(() => undefined);
    return run;
  }

  async cancel(session: UploadSession): Promise<void> {
    session.state = "cancelled";
    await rm(session.path, { force: true });
  }

  /**
   * Forgets every session (or those of one bucket) and deletes the bytes of unfinished ones.
   */
  async clear(bucket?: string): Promise<void> {
    const dropped = [...this.sessions].filter(
      ([, s]) => bucket === undefined || s.bucket === bucket,
    );
    for (const [id] of dropped) this.sessions.delete(id);
    await Promise.all(
      dropped.filter(([, s]) => s.state === "active").map(([, s]) => rm(s.path, { force: true })),
    );
  }
}

/** Bytes received so far. */
export function receivedBytes(session: UploadSession): number {
  return session.hasher.size;
}

/**
 * Appends one request body to the session at byte `offset`. Bytes before what the session already
 * holds are skipped (a client re-sending after a lost response), a gap is rejected. `maxLength`
 * caps the body at what the request announced. Returns the number of new bytes stored.
 */
export async function appendChunk(
  session: UploadSession,
  body: AsyncIterable<Buffer>,
  offset: number,
  maxLength = Number.POSITIVE_INFINITY,
): Promise<number> {
  const before = receivedBytes(session);
  if (offset > before) {
    throw badRequest(`Upload offset ${offset} is past the ${before} bytes received so far.`);
  }
  let skip = before - offset;
  let seen = 0;
  const writer = new UploadFileWriter(session.path, session.hasher);
  try {
    for await (const chunk of body) {
      seen += chunk.length;
      if (seen > maxLength) throw badRequest("Request body is longer than its Content-Range.");
      if (skip >= chunk.length) {
        skip -= chunk.length;
        continue;
      }
      await writer.write(skip > 0 ? chunk.subarray(skip) : chunk);
      skip = 0;
    }
  } finally {
    // Whatever reached the hasher also reached the file, so the two stay consistent even when the
    // client goes away mid-chunk; a later query reports exactly that many bytes.
    await writer.close();
  }
  return receivedBytes(session) - before;
}
