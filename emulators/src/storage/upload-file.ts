/**
 * Appends upload bytes to a file while hashing them, honouring write backpressure so a large
 * request body flows through a small buffer instead of accumulating in memory.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import type { ObjectHasher } from "./hashing.js";

export class UploadFileWriter {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  written = 0;

  constructor(
    path: string,
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

  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await once(this.stream, "close");
    if (this.failure) throw this.failure;
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
