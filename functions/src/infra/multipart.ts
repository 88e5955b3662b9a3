/**
 * multipart/form-data with busboy. In Cloud Functions (and its emulator) the request stream has
 * already been read into `req.rawBody`; elsewhere the stream is piped, and reading stops once the
 * body passes `maxBodyBytes` (the file limit plus boundaries and fields), whatever it declared.
 */
import Busboy from "busboy";
import type { Request } from "express";

export interface UploadedFile {
  buffer: Buffer;
  mimeType: string;
  filename: string;
  /** More bytes were sent than `maxFileBytes`. */
  truncated: boolean;
}

export type MultipartForm =
  | { tooLarge: false; fields: Record<string, string>; file: UploadedFile | null }
  | { tooLarge: true };

export async function readMultipart(
  req: Request,
  maxFileBytes: number,
  maxBodyBytes: number,
): Promise<MultipartForm | null> {
  if (!req.is("multipart/form-data")) return null;
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  if ((raw?.length ?? Number(req.headers["content-length"] ?? 0)) > maxBodyBytes) {
    return { tooLarge: true };
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let pending: Promise<void> = Promise.resolve();
    const bb = Busboy({
      headers: req.headers,
      limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 1024 },
    });
    bb.on("field", (name, value) => {
      fields[name] = value;
    });
    bb.on("file", (_name, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on("limit", () => {
        truncated = true;
      });
      pending = new Promise((done) => {
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          file = {
            buffer: Buffer.concat(chunks),
            mimeType: info.mimeType,
            filename: info.filename ?? "",
            truncated,
          };
          done();
        });
      });
    });
    bb.on("error", reject);
    bb.on("close", () => {
      pending.then(() => resolve({ tooLarge: false, fields, file }), reject);
    });
    if (raw) {
      bb.end(raw);
      return;
    }
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBodyBytes) return;
      // Nothing more is parsed or kept; the rest is discarded so that the answer can be read.
      req.unpipe(bb);
      req.off("data", count);
      req.resume();
      resolve({ tooLarge: true });
    };
    req.on("data", count);
    req.pipe(bb);
  });
}

/** The image type by the file's first bytes, whatever it claims to be. */
export function sniffImageType(bytes: Buffer): "image/jpeg" | "image/png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "image/png";
  return null;
}
