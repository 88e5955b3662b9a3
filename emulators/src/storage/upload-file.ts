/**
 * Appends upload bytes to a file while hashing them, honouring write backpressure so a large
 * request body flows through a small buffer instead of accumulating in memory.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { rm } from "node:fs/promises";
import { ObjectHasher } from "./hashing.js";

export class UploadFileWriter {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  private closed: Promise<void> | undefined;
  written = 0;

  constructor(
    readonly path: string,
    private readonly hasher: ObjectHasher,
  ) {
    this.stream = createWriteStream(path, { flags: "a" });
    this.stream.on("error", (error) => {
      this.failure = error;
    });
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (chunk.length === 0) return;
    this.hasher.update(chunk);
    this.written += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, "drain");
  }

  /** Flushes and closes the file; safe to call more than once. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      if (!this.stream.closed) {
        this.stream.end();
        await once(this.stream, "close");
      }
      if (this.failure) throw this.failure;
    })();
    return this.closed;
  }
}

/**
 * Runs `work` with a writer on a fresh upload file. Whatever happens, the file is gone afterwards
 * unless `work` committed it (committing renames it away); `work` must close the writer before
 * committing.
 */
export async function withUploadFile<T>(
  path: string,
  work: (writer: UploadFileWriter, hasher: ObjectHasher) => Promise<T>,
): Promise<T> {
  const hasher = new ObjectHasher();
  const writer = new UploadFileWriter(path, hasher);
  try {
    return await work(writer, hasher);
  } finally {
    await writer.close().catch(() => undefined);
    await rm(path, { force: true });
  }
}

/** Feeds a whole request body into the writer; `limit` guards against overlong chunk bodies. */
export async function pipeBody(
  body: AsyncIterable<Buffer>,
  writer: UploadFileWriter,
  limit = Number.POSITIVE_INFINITY,
): Promise<void> {
  for await (const chunk of body) {
    if (writer.written + chunk.length > limit) {
      throw new RangeError(`Request body is longer than the ${limit} bytes announced.`);
    }
    await writer.write(chunk);
  }
}
