/** Small HTTP helpers shared by both APIs: CORS, JSON bodies and responses, byte ranges. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { badRequest, StorageHttpError } from "./errors.js";
import { checkOrigin, type OriginCheck, type OriginVerdict } from "../shared/local-access.js";

/** Headers browsers must be able to read from cross-origin responses (resumable uploads, ranges). */
const EXPOSED_HEADERS = [
  "X-Goog-Upload-URL",
  "X-Goog-Upload-Status",
  "X-Goog-Upload-Size-Received",
  "X-Goog-Upload-Chunk-Granularity",
  "X-Goog-Upload-Control-URL",
  "X-Goog-Hash",
  "X-Goog-Generation",
  "X-Goog-Metageneration",
  "X-Goog-Stored-Content-Encoding",
  "X-Goog-Stored-Content-Length",
  "Content-Range",
  "Content-Length",
  "Content-Type",
  "Content-Disposition",
  "Range",
  "Location",
  "ETag",
].join(", ");

/**
 * CORS for allowed origins (loopback and --cors-origin ones): the SDK's XHRs are not credentialed,
 * but echoing the origin (instead of `*`) keeps `fetch` with `credentials: "include"` working too.
 * Returns whether the request may go on (see shared/local-access.ts).
 */
export function setCorsHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  allows: OriginCheck,
): OriginVerdict {
  const verdict = checkOrigin(req, res, allows);
  if (res.hasHeader("Access-Control-Allow-Origin")) {
    res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  }
  return verdict;
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  res.setHeader(
    "Access-Control-Allow-Headers",
    req.headers["access-control-request-headers"] ?? "Authorization, Content-Type",
  );
  res.setHeader("Access-Control-Max-Age", "3600");
  res.writeHead(204).end();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=UTF-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: StorageHttpError): void {
  sendJson(res, error.status, error.toBody());
}

const MAX_JSON_BODY = 1024 * 1024;

/** Reads a small JSON body (metadata); an empty body is `undefined`. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_JSON_BODY) throw new StorageHttpError(413, "Metadata body is too large.");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON.");
  }
}

/**
 * Parses a single `Range: bytes=…` header against an object size; `undefined` = whole object.
 * Multiple ranges are not supported (neither SDK asks for them); they get the whole object.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    throw new StorageHttpError(416, "The requested range cannot be satisfied.");
  }
  return { start, end };
}

/** The origin clients used to reach us, for absolute URLs in responses (upload session URIs). */
export function baseUrlOf(req: IncomingMessage, fallbackHost: string): string {
  const host = req.headers.host ?? fallbackHost;
  return `http://${host}`;
}
