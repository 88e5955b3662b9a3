/**
 * REST v1 transport (what `firebase/firestore/lite` and curl speak) plus the official emulator's
 * control endpoints. Errors use Google's JSON error body with the matching HTTP status.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { loadRules } from "../rules/index.js";
import { RulesLoadError } from "../rules/api.js";
import { type Caller, InvalidTokenError, callerFromAuthorizationHeader } from "../shared/auth.js";
import type { FirestoreEngine } from "./engine.js";
import { FirestoreError, invalidArgument } from "./errors.js";
import { decodeFields, decodeValue, encodeResponse } from "./value-codec.js";
import type { Precondition } from "./api-types.js";
import {
  allowedOrigins,
  checkOrigin,
  FOREIGN_ORIGIN_MESSAGE,
  type OriginCheck,
} from "../shared/local-access.js";

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const DATABASE_METHODS = new Set([
  "commit",
  "batchGet",
  "beginTransaction",
  "rollback",
  "batchWrite",
]);
const PARENT_METHODS = new Set(["runQuery", "runAggregationQuery", "listCollectionIds"]);
const ALLOWED_HEADERS = [
  "Authorization",
  "Content-Type",
  "X-Goog-Api-Client",
  "X-Goog-Request-Params",
  "X-Goog-AuthUser",
  "X-Goog-Iam-Authorization-Token",
  "Google-Cloud-Resource-Prefix",
  "X-Firebase-GMPID",
  "X-Firebase-AppCheck",
].join(", ");

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Converts the wire values inside a request body (documents, filters, cursors, transforms); the
 * WebChannel transport's messages use the same JSON form.
 */
export function decodeBody(body: unknown, key?: string): unknown {
  if (Array.isArray(body)) {
    return key === "values" ? body.map((v) => decodeValue(v)) : body.map((v) => decodeBody(v));
  }
  if (!isObject(body)) return body;
  if (key === "value" || key === "increment" || key === "maximum" || key === "minimum") {
    return decodeValue(body);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    out[k] = k === "fields" && isObject(v) ? decodeFields(v) : decodeBody(v, k);
  }
  return out;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidArgument("Request payload size exceeds the limit.");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidArgument(`Invalid JSON payload received. ${text.slice(0, 40)}`);
  }
  if (!isObject(parsed))
    throw invalidArgument("Invalid JSON payload received: expected an object.");
  return parsed;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=UTF-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

function sendError(res: ServerResponse, error: FirestoreError): void {
  send(res, error.httpStatus, {
    error: { code: error.httpStatus, message: error.message, status: error.code },
  });
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, PUT, DELETE, OPTIONS");
  res.setHeader(
    "Access-Control-Allow-Headers",
    req.headers["access-control-request-headers"] ?? ALLOWED_HEADERS,
  );
  res.setHeader("Access-Control-Max-Age", "3600");
  res.writeHead(204);
  res.end();
}

function listParam(params: URLSearchParams, name: string): string[] | undefined {
  const values = params.getAll(name);
  return values.length > 0 ? values : undefined;
}

function boolParam(params: URLSearchParams, name: string): boolean | undefined {
  const v = params.get(name);
  if (v === null) return undefined;
  if (v === "true") return true;
  if (v === "false") return false;
  throw invalidArgument(`Invalid value at '${name}' (TYPE_BOOL), "${v}"`);
}

function intParam(params: URLSearchParams, name: string): number | undefined {
  const v = params.get(name);
  if (v === null || v === "") return undefined;
  if (!/^-?\d+$/.test(v)) throw invalidArgument(`Invalid value at '${name}' (TYPE_INT32), "${v}"`);
  return Number(v);
}

/** Base64 ids in query strings may arrive with "+" decoded to " ". */
function tokenParam(params: URLSearchParams, name: string): string | undefined {
  return params.get(name)?.replace(/ /g, "+") || undefined;
}

function precondition(params: URLSearchParams): Precondition | undefined {
  const exists = boolParam(params, "currentDocument.exists");
  const updateTime = params.get("currentDocument.updateTime") ?? undefined;
  if (exists === undefined && updateTime === undefined) return undefined;
  return { exists, updateTime };
}

export interface RestHandlerOptions {
  /** Origins allowed besides loopback ones (see shared/local-access.ts). */
  corsOrigins?: readonly string[];
}

export function createFirestoreRestHandler(
  engine: FirestoreEngine,
  options: RestHandlerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const allows = allowedOrigins(options.corsOrigins);
  return (req, res) => {
    handle(engine, allows, req, res).catch((e: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (e instanceof FirestoreError) sendError(res, e);
      else if (e instanceof InvalidTokenError)
        sendError(res, new FirestoreError("UNAUTHENTICATED", e.message));
      else
        sendError(res, new FirestoreError("INTERNAL", e instanceof Error ? e.message : String(e)));
    });
  };
}

async function handle(
  engine: FirestoreEngine,
  allows: OriginCheck,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (checkOrigin(req, res, allows) === "refused") {
    throw new FirestoreError("PERMISSION_DENIED", FOREIGN_ORIGIN_MESSAGE);
  }
  const method = req.method ?? "GET";
  if (method === "OPTIONS") return preflight(req, res);
  const url = new URL(req.url ?? "/", "http://localhost");
  const pathname = url.pathname;

  if (pathname === "/" && method === "GET") {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("Ok");
    return;
  }
  if (pathname.startsWith("/emulator/v1/")) return control(engine, req, res, method, pathname);
  if (!pathname.startsWith("/v1/")) throw new FirestoreError("NOT_FOUND", `Not found: ${pathname}`);

  // The method suffix (":runQuery") is found before decoding: an encoded colon ("%3A") belongs
  // to a document id.
  const raw = pathname.slice(4).split("/");
  let rpc: string | undefined;
  const last = raw[raw.length - 1]!;
  const colon = last.lastIndexOf(":");
  const suffix = last.slice(colon + 1);
  if (colon >= 0 && (DATABASE_METHODS.has(suffix) || PARENT_METHODS.has(suffix))) {
    rpc = suffix;
    raw[raw.length - 1] = last.slice(0, colon);
  }
  let segments: string[];
  try {
    segments = raw.map(decodeURIComponent);
  } catch {
    throw invalidArgument("Malformed URL path.");
  }
  if (
    segments.length < 5 ||
    segments[0] !== "projects" ||
    segments[2] !== "databases" ||
    segments[4] !== "documents"
  ) {
    throw new FirestoreError("NOT_FOUND", `Not found: ${pathname}`);
  }
  const database = segments.slice(0, 4).join("/");
  const resource = segments.join("/");
  const below = segments.length - 5; // path segments below documents
  const params = url.searchParams;
  const caller: Caller = callerFromAuthorizationHeader(req.headers.authorization);

  if (rpc) {
    if (method !== "POST")
      throw new FirestoreError("NOT_FOUND", `Method ${method} not allowed for :${rpc}.`);
    const body = decodeBody(await readJson(req)) as never;
    if (DATABASE_METHODS.has(rpc)) {
      if (below !== 0) throw new FirestoreError("NOT_FOUND", `Not found: ${pathname}`);
      switch (rpc) {
        case "commit":
          return send(res, 200, encodeResponse(await engine.commit(database, body, caller)));
        case "batchGet":
          return send(
            res,
            200,
            encodeResponse(await engine.batchGetDocuments(database, body, caller)),
          );
        case "beginTransaction":
          return send(res, 200, await engine.beginTransaction(database, body, caller));
        case "rollback":
          return send(res, 200, await engine.rollback(database, body, caller));
        default:
          return send(res, 200, encodeResponse(await engine.batchWrite(database, body, caller)));
      }
    }
    switch (rpc) {
      case "runQuery":
        return send(res, 200, encodeResponse(await engine.runQuery(resource, body, caller)));
      case "runAggregationQuery":
        return send(
          res,
          200,
          encodeResponse(await engine.runAggregationQuery(resource, body, caller)),
        );
      default:
        return send(res, 200, await engine.listCollectionIds(resource, body, caller));
    }
  }

  const isDocument = below > 0 && below % 2 === 0;
  const isCollection = below % 2 === 1;
  const parent = segments.slice(0, -1).join("/");
  const collectionId = segments[segments.length - 1]!;
  const mask = listParam(params, "mask.fieldPaths");

  if (method === "GET" && isDocument) {
    const doc = await engine.getDocument(
      resource,
      {
        mask,
        transaction: tokenParam(params, "transaction"),
        readTime: params.get("readTime") ?? undefined,
      },
      caller,
    );
    return send(res, 200, encodeResponse(doc));
  }
  if (method === "GET" && isCollection) {
    const result = await engine.listDocuments(
      parent,
      collectionId,
      {
        pageSize: intParam(params, "pageSize"),
        pageToken: params.get("pageToken") ?? undefined,
        orderBy: params.get("orderBy") ?? undefined,
        mask,
        showMissing: boolParam(params, "showMissing"),
        transaction: tokenParam(params, "transaction"),
        readTime: params.get("readTime") ?? undefined,
      },
      caller,
    );
    return send(res, 200, encodeResponse(result));
  }
  if (method === "POST" && isCollection) {
    const body = decodeBody(await readJson(req)) as { fields?: never; name?: string };
    if (body.name) throw invalidArgument("Document name must not be set when creating a document.");
    const doc = await engine.createDocument(
      parent,
      collectionId,
      params.get("documentId") ?? undefined,
      body,
      mask,
      caller,
    );
    return send(res, 200, encodeResponse(doc));
  }
  if (method === "PATCH" && isDocument) {
    const body = decodeBody(await readJson(req)) as { fields?: never; name?: string };
    const doc = await engine.patchDocument(
      resource,
      body,
      {
        updateMask: listParam(params, "updateMask.fieldPaths"),
        mask,
        currentDocument: precondition(params),
      },
      caller,
    );
    return send(res, 200, encodeResponse(doc));
  }
  if (method === "DELETE" && isDocument) {
    return send(res, 200, await engine.deleteDocument(resource, precondition(params), caller));
  }
  throw new FirestoreError("NOT_FOUND", `Method ${method} not found for ${pathname}.`);
}

/** The official emulator's control endpoints: clear data, replace rules. */
async function control(
  engine: FirestoreEngine,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  pathname: string,
): Promise<void> {
  const clear = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/.exec(pathname);
  if (clear && method === "DELETE") {
    engine.clear(decodeURIComponent(clear[1]!), decodeURIComponent(clear[2]!));
    return send(res, 200, {});
  }
  // Rules set here apply to this project only; others keep firestore.rules (as documented for the
  // official emulator).
  const rules = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/.exec(pathname);
  if (rules && method === "PUT") {
    const body = await readJson(req);
    const files = (body.rules as { files?: { name?: string; content?: string }[] } | undefined)
      ?.files;
    const file = files?.[0];
    if (!file || typeof file.content !== "string") {
      throw invalidArgument(
        'Expected {"rules":{"files":[{"name":"firestore.rules","content":"..."}]}}.',
      );
    }
    try {
      engine.setRules(
        loadRules(file.content, file.name ?? "firestore.rules"),
        decodeURIComponent(rules[1]!),
      );
    } catch (e) {
      if (e instanceof RulesLoadError) throw invalidArgument(e.message);
      throw e;
    }
    return send(res, 200, {});
  }
  throw new FirestoreError("NOT_FOUND", `Not found: ${pathname}`);
}
