/**
 * WebChannel (protocol version 8) wire format, as the closure client in
 * `@firebase/webchannel-wrapper` speaks it.
 *
 * Client → server: `application/x-www-form-urlencoded` bodies `count=N&ofs=M&req0___data__=<JSON>…`
 * (the SDK sends every message as raw JSON under `__data__`; map ids are `ofs + index`), and on the
 * handshake a leading `headers=<"Name:value\r\n"…>` block carrying what would otherwise be HTTP
 * headers (Authorization), so that no CORS preflight is needed.
 *
 * Server → client: each response body is a run of chunks `<length>\n<JSON array>`, where the length
 * counts UTF-16 code units (the client slices `responseText`, a JS string, by it), not bytes. A
 * chunk holds arrays `[arrayId, payload]`; the handshake's is `[0, ["c", sessionId, null, 8]]`.
 */
import { invalidArgument } from "./errors.js";

/** The only protocol version served (the SDK's `VER`). */
export const CHANNEL_VERSION = 8;

/** Most messages one request may carry (the client sends at most 1000). */
const MAX_MESSAGES_PER_REQUEST = 1000;

/** One array of the back channel, encoded once. */
export interface OutgoingArray {
  id: number;
  /** `[id, payload]` as JSON. */
  text: string;
}

export function outgoingArray(id: number, payload: unknown): OutgoingArray {
  return { id, text: JSON.stringify([id, payload]) };
}

/** One length-prefixed chunk carrying `arrays` in order. */
export function chunkOf(arrays: readonly OutgoingArray[]): string {
  const text = `[${arrays.map((a) => a.text).join(",")}]`;
  return `${text.length}\n${text}`;
}

/** A chunk with one bare JSON value (the forward channel's `[backChannel, lastArrayId, bytes]`). */
export function chunkOfValue(value: unknown): string {
  const text = JSON.stringify(value);
  return `${text.length}\n${text}`;
}

/** The handshake reply: session id, no host prefix, the negotiated version. */
export function handshakeChunk(sessionId: string): string {
  return chunkOf([outgoingArray(0, ["c", sessionId, null, CHANNEL_VERSION])]);
}

/**
 * Parses a `"Name:value\r\n"` block (the handshake's `headers` field and the `$httpHeaders`
 * URL parameter) into lower-cased names.
 */
export function parseHeaderBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw invalidArgument(`Malformed header line in WebChannel request: ${line}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export interface ForwardMessage {
  mapId: number;
  data: Record<string, unknown>;
}

export interface ForwardBody {
  /** Header block sent with the handshake (lower-cased names), empty otherwise. */
  headers: Record<string, string>;
  messages: ForwardMessage[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function nonNegativeInt(params: URLSearchParams, name: string, fallback?: number): number {
  const raw = params.get(name);
  if (raw === null && fallback !== undefined) return fallback;
  if (raw === null || !/^\d{1,9}$/.test(raw)) {
    throw invalidArgument(`WebChannel request field '${name}' must be a non-negative integer.`);
  }
  return Number(raw);
}

/** Parses a forward-channel (or handshake) POST body; malformed bodies are INVALID_ARGUMENT. */
export function parseForwardBody(body: string): ForwardBody {
  const params = new URLSearchParams(body);
  const headerBlock = params.get("headers");
  const headers = headerBlock === null ? {} : parseHeaderBlock(headerBlock);
  const count = nonNegativeInt(params, "count", 0);
  if (count > MAX_MESSAGES_PER_REQUEST) {
    throw invalidArgument(
      `A WebChannel request carries at most ${MAX_MESSAGES_PER_REQUEST} messages.`,
    );
  }
  const offset = nonNegativeInt(params, "ofs", 0);
  // req<index>_<key>: raw JSON messages use the key "__data__", plain maps any other key.
  const maps = new Map<number, Record<string, string>>();
  for (const [key, value] of params) {
    const match = /^req(\d{1,9})_(.+)$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    let map = maps.get(index);
    if (!map) maps.set(index, (map = {}));
    map[match[2]!] = value;
  }
  if (maps.size !== count) {
    throw invalidArgument(
      `WebChannel request announces ${count} messages but carries ${maps.size}.`,
    );
  }
  const messages: ForwardMessage[] = [];
  for (const [index, map] of [...maps].sort((a, b) => a[0] - b[0])) {
    if (map.type === "_badmap") throw invalidArgument("The client could not encode a message.");
    let data: unknown = map;
    if ("__data__" in map) {
      try {
        data = JSON.parse(map.__data__!);
      } catch {
        throw invalidArgument("WebChannel message is not valid JSON.");
      }
    }
    if (!isObject(data)) throw invalidArgument("WebChannel message must be a JSON object.");
    messages.push({ mapId: offset + index, data });
  }
  return { headers, messages };
}
