/** Conditional GETs: entity tags and the 304 answer, apart from any route. */
import type { Request, Response } from "express";

/**
 * `If-None-Match` evaluated as RFC 9110 §13.1.2 says: the weak comparison of the entity tags.
 * Express's `req.fresh` is not used because it answers "not fresh" to any request carrying
 * `Cache-Control: no-cache`, and Hosting sends exactly that on every request it forwards, so no
 * cache behind Hosting could ever be told that its copy still holds.
 */
export function noneMatchHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const current = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === current);
}

/** A resource answered conditionally: its entity tag, known without reading it, and its data. */
export interface Versioned<T> {
  etag: string;
  load(): Promise<T>;
}

/** Caching of a conditional answer: `Vary` and `Cache-Control`, set before the resource is read. */
export interface CachePolicy {
  vary: string;
  cacheControl: string;
}

/**
 * A GET answered with its entity tag: a client (or CDN) whose copy still holds is told "304
 * unchanged" from the tag alone, so `load` never runs and no byte of data is sent; otherwise the
 * data to reply with. The headers go on first, so an error answer carries the same caching.
 */
export async function conditionalGet<T>(
  req: Pick<Request, "headers">,
  res: Pick<Response, "set" | "status">,
  policy: CachePolicy,
  resource: () => Promise<Versioned<T>>,
): Promise<{ data: T } | undefined> {
  res.set("Vary", policy.vary);
  res.set("Cache-Control", policy.cacheControl);
  const version = await resource();
  res.set("ETag", version.etag);
  if (noneMatchHolds(req.headers["if-none-match"], version.etag)) {
    res.status(304).end();
    return undefined;
  }
  return { data: await version.load() };
}
