/** Small HTTP helpers of the console's JSON backend. */
import type { IncomingMessage, ServerResponse } from "node:http";

/** An error with the HTTP status the console answers with. */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_JSON_BYTES = 8 * 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = MAX_JSON_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ConsoleError(413, "Request body too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson<T>(req: IncomingMessage): Promise<T> {
  const text = (await readBody(req)).toString("utf8");
  try {
    return (text ? JSON.parse(text) : {}) as T;
  } catch {
    throw new ConsoleError(400, "The request body is not JSON.");
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

/**
 * Calls an emulator's JSON API and returns the parsed answer; an error answer becomes a
 * ConsoleError carrying the emulator's own message.
 */
export async function callJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = text;
  }
  if (!res.ok)
    throw new ConsoleError(res.status, errorMessage(body) ?? `${res.status} from ${url}`);
  return body as T;
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body === "string") return body || undefined;
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === "string") return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

/** A required query parameter. */
export function param(url: URL, name: string): string {
  const value = url.searchParams.get(name);
  if (value === null) throw new ConsoleError(400, `Missing query parameter "${name}".`);
  return value;
}
