/**
 * The size and type of a request body, checked before any route reads it. Cloud Functions (and
 * its emulator) read and parse every body before Express: `req.rawBody` holds the bytes and
 * `req.body` the parse of whatever type was sent, form-encoded included, so `express.json` and its
 * limit never run there. Hence, for every request:
 * - at most JSON_BODY_MAX_BYTES (uploads: the image limit plus room for boundary and fields),
 *   counted from the bytes read or the declared length, else 413;
 * - a state-changing request with a body is `application/json` (uploads: `multipart/form-data`),
 *   else 415: a cross-site page can post a form or text without a preflight, never JSON.
 */
import type { Request, RequestHandler } from "express";
import { IMAGE_MAX_BYTES, messages } from "@platform/common";
import { apiPath, contract } from "@platform/common/api";
import { sendError } from "./respond.js";

/** Far above any valid body (the largest, a full profile, is a few tens of kilobytes). */
export const JSON_BODY_MAX_BYTES = 256 * 1024;
/** Multipart boundaries, part headers and the three metadata fields of an upload. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
export const UPLOAD_BODY_MAX_BYTES = IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

/** The routes that take `multipart/form-data` (POST, path under the app). */
const UPLOAD_PATHS = new Set([apiPath(contract.images.upload)]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type RawBodyRequest = Request & { rawBody?: Buffer };

export function isUploadRoute(req: Request): boolean {
  const path = req.path.toLowerCase().replace(/\/+$/, "");
  return req.method === "POST" && UPLOAD_PATHS.has(path);
}

/**
 * The body's size in bytes: what the runtime already read, else the declared Content-Length;
 * null for a chunked body of unknown length (then express.json and the multipart reader count).
 */
export function bodySize(req: Request): number | null {
  const raw = (req as RawBodyRequest).rawBody;
  if (Buffer.isBuffer(raw)) return raw.length;
  const declared = req.headers["content-length"];
  if (declared !== undefined) return Number(declared);
  return req.headers["transfer-encoding"] ? null : 0;
}

export const bodyGuard: RequestHandler = (req, res, next) => {
  const upload = isUploadRoute(req);
  const size = bodySize(req);
  if (size !== null && size > (upload ? UPLOAD_BODY_MAX_BYTES : JSON_BODY_MAX_BYTES)) {
    res.setHeader("Connection", "close");
    sendError(res, 413, upload ? messages.images.tooLarge : messages.general.bodyTooLarge);
    return;
  }
  const hasBody = size === null || size > 0;
  const accepted = upload ? "multipart/form-data" : "application/json";
  if (BODY_METHODS.has(req.method) && hasBody && !req.is(accepted)) {
    sendError(
      res,
      415,
      upload ? messages.general.multipartRequired : messages.general.jsonRequired,
    );
    return;
  }
  next();
};
