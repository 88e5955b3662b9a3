/**
 * A streaming reader for `multipart/related` upload bodies (Firebase `X-Goog-Upload-Protocol:
 * multipart`, GCS `uploadType=multipart`): a JSON metadata part followed by the media part.
 * The metadata part is buffered (it is small); media bytes go straight to the upload file, holding
 * back only enough bytes to recognise the closing boundary across chunk edges.
 */
import { badRequest } from "./errors.js";
import type { UploadFileWriter } from "./upload-file.js";

const MAX_METADATA_PART_BYTES = 1024 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

type Phase = "metadata" | "mediaHeaders" | "media" | "done";

export interface MultipartUpload {
  metadata: unknown;
  /** Content-Type header of the media part, if it had one. */
  mediaContentType?: string;
}

export function boundaryFromContentType(contentType: string | undefined): string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  const boundary = match?.[1] ?? match?.[2];
  if (!contentType || !/^multipart\/related/i.test(contentType) || !boundary) {
    throw badRequest("Multipart upload needs 'Content-Type: multipart/related; boundary=…'.");
  }
  return boundary;
}

export async function readMultipartUpload(
  body: AsyncIterable<Buffer>,
  boundary: string,
  media: UploadFileWriter,
): Promise<MultipartUpload> {
  const delimiter = Buffer.from(`--${boundary}`);
  const partEnd = Buffer.concat([CRLF, delimiter]);
  let pending: Buffer = Buffer.alloc(0);
  let phase = "metadata" as Phase;
  let metadata: unknown;
  let mediaContentType: string | undefined;

  const takeMetadataPart = (): boolean => {
    const start = pending.indexOf(delimiter);
    if (start < 0) return false;
    const headersEnd = pending.indexOf(HEADER_END, start + delimiter.length);
    if (headersEnd < 0) return false;
    const end = pending.indexOf(partEnd, headersEnd + HEADER_END.length);
    if (end < 0) return false;
    const text = pending.subarray(headersEnd + HEADER_END.length, end).toString("utf8");
    try {
      metadata = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw badRequest("The metadata part of the multipart upload is not valid JSON.");
    }
    pending = pending.subarray(end + partEnd.length);
    return true;
  };

  const takeMediaHeaders = (): boolean => {
    if (pending.length >= 2 && pending.subarray(0, 2).toString() === "--") {
      throw badRequest("Multipart upload has no media part.");
    }
    const headersEnd = pending.indexOf(HEADER_END);
    if (headersEnd < 0) return false;
    const headers = pending.subarray(0, headersEnd).toString("utf8");
    const match = /^content-type:\s*(.+)$/im.exec(headers);
    mediaContentType = match?.[1]?.trim() || undefined;
    pending = pending.subarray(headersEnd + HEADER_END.length);
    return true;
  };

  const flushMedia = async (final: boolean): Promise<void> => {
    const end = pending.indexOf(partEnd);
    if (end >= 0) {
      await media.write(pending.subarray(0, end));
      pending = Buffer.alloc(0);
      phase = "done";
      return;
    }
    if (final) throw badRequest("Multipart upload is missing its closing boundary.");
    // Keep a tail that could be the start of the closing boundary split across two chunks.
    const keep = Math.min(pending.length, partEnd.length - 1);
    await media.write(pending.subarray(0, pending.length - keep));
    pending = Buffer.from(pending.subarray(pending.length - keep));
  };

  for await (const chunk of body) {
    if ((phase as Phase) === "done") continue; // epilogue after the closing boundary
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    if (phase === "metadata") {
      if (!takeMetadataPart()) {
        if (pending.length > MAX_METADATA_PART_BYTES) {
          throw badRequest("The metadata part of the multipart upload is too large.");
        }
        continue;
      }
      phase = "mediaHeaders";
    }
    if (phase === "mediaHeaders") {
      if (!takeMediaHeaders()) continue;
      phase = "media";
    }
    if (phase === "media") await flushMedia(false);
  }
  if (phase === "metadata" || phase === "mediaHeaders") {
    throw badRequest("Multipart upload body ended before the media part.");
  }
  if (phase === "media") await flushMedia(true);
  return { metadata, mediaContentType };
}
