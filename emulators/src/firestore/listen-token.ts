/**
 * Resume tokens: opaque bytes to the client (base64 in the JSON form) that name the read time of
 * the snapshot the client last received, from which a resumed target sends only what changed.
 */
import { normalizeTimestamp } from "./clock.js";

const PREFIX = "rt1:";

export function encodeResumeToken(readTime: string): string {
  return Buffer.from(PREFIX + readTime, "utf8").toString("base64");
}

/** The read time inside a token, or undefined for a token this emulator did not issue. */
export function decodeResumeToken(token: string): string | undefined {
  const text = Buffer.from(token, "base64").toString("utf8");
  if (!text.startsWith(PREFIX)) return undefined;
  return normalizeTimestamp(text.slice(PREFIX.length)) ?? undefined;
}
