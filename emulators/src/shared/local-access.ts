/**
 * Who may talk to an emulator. The emulators hold a developer's local data without any real
 * authentication ("Bearer owner" is admin), so a web page from elsewhere must neither read the
 * answers (CORS) nor change data: a cross-site POST with a text/plain body needs no preflight, so
 * not answering CORS is not enough and such requests are refused outright.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const LOOPBACK_HOSTNAMES = new Set(["localhost", "[::1]", "::1"]);

/** `localhost`, `::1` or any 127.0.0.0/8 address. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return LOOPBACK_HOSTNAMES.has(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

/** An http(s) origin on a loopback host, any port. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file://) and garbage
  }
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname);
}

export type OriginCheck = (origin: string) => boolean;

/** Loopback origins plus `extra` (each an origin such as `http://192.168.1.5:5000`). */
export function allowedOrigins(extra: readonly string[] = []): OriginCheck {
  const listed = new Set(extra.map(normaliseOrigin));
  return (origin) => isLoopbackOrigin(origin) || listed.has(origin.toLowerCase());
}

function normaliseOrigin(origin: string): string {
  const url = new URL(origin); // throws on a malformed --cors-origin, at start-up
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`CORS origin must be http(s): ${origin}`);
  }
  return url.origin.toLowerCase();
}

/** Methods a foreign page may still send (their answers stay unreadable to it). */
const READ_METHODS = new Set(["GET", "HEAD"]);

export type OriginVerdict = "allowed" | "refused";

/**
 * Sets the CORS headers for `req` and says whether it may go on. A request without an Origin
 * header (SDKs in Node, curl) is not a browser's cross-site request and passes. A foreign origin
 * gets no CORS headers (its page cannot read the answer) and its state-changing requests and
 * preflights are refused.
 */
export function checkOrigin(
  req: IncomingMessage,
  res: ServerResponse,
  allows: OriginCheck,
): OriginVerdict {
  const origin = req.headers.origin;
  if (origin === undefined) {
    res.setHeader("Access-Control-Allow-Origin", "*");
    return "allowed";
  }
  res.setHeader("Vary", "Origin");
  if (allows(origin)) {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Access-Control-Allow-Credentials", "true");
    return "allowed";
  }
  return READ_METHODS.has(req.method ?? "GET") ? "allowed" : "refused";
}

export const FOREIGN_ORIGIN_MESSAGE =
  "Requests from this origin are refused: the emulator accepts loopback origins and those given with --cors-origin.";

/**
 * Refuses to listen on a non-loopback interface unless asked to: anyone on the network could
 * otherwise read and change the data.
 */
export function assertLocalListen(host: string, allowRemote: boolean | undefined): void {
  if (allowRemote || isLoopbackHost(host)) return;
  throw new Error(
    `Refusing to listen on ${host}: the emulator has no real authentication. ` +
      "Use a loopback host (127.0.0.1) or pass --allow-remote (allowRemote: true) to expose it.",
  );
}
