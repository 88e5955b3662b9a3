/**
 * The Cloud Storage emulator's HTTP server: Firebase Storage v0 REST and the GCS JSON API on one
 * port, plus control endpoints:
 *   GET    /                  "Ok" (health check)
 *   DELETE /internal/reset    delete all objects and upload sessions (also POST)
 *   PUT/DELETE /emulator/v1/buckets/{bucket}:securityRules, DELETE /emulator/v1/buckets/{bucket}/objects
 *                             one bucket's own rules and data (bucket-controls.ts)
 *   POST   /internal/export   write the export now (needs exportDir)
 *   GET    /emulator/v1/rules-decisions?since=<seq>   the latest rules decisions (shared/rules-decisions.ts)
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RulesDocumentReader } from "../rules/api.js";
import {
  ADMIN,
  callerFromAuthorizationHeader,
  InvalidTokenError,
  type Caller,
} from "../shared/auth.js";
import type { RequestContext, StorageBackend } from "./backend.js";
import { StorageHttpError } from "./errors.js";
import { type BucketControls, handleBucketControl } from "./bucket-controls.js";
import { handleFirebaseRequest } from "./firebase-routes.js";
import { handleGcsRequest } from "./gcs-routes.js";
import { answerPreflight, baseUrlOf, sendError, sendJson, setCorsHeaders } from "./http.js";
import { ObjectStore } from "./object-store.js";
import { durableWorkDir, openDurableObjects } from "./object-journal.js";
import { StorageRules } from "./rules-glue.js";
import { UploadSessions } from "./upload-sessions.js";
import { RulesDecisionLog, withRulesDecisionsEndpoint } from "../shared/rules-decisions.js";
import { startLifecycle } from "../shared/lifecycle.js";
import {
  allowedOrigins,
  FOREIGN_ORIGIN_MESSAGE,
  type OriginCheck,
} from "../shared/local-access.js";

const KEEP_ALIVE_MS = 65_000;

export interface StorageEmulatorOptions {
  host?: string;
  port: number;
  /** storage.rules; without it every non-admin request is denied. Reloaded when it changes. */
  rulesFile?: string;
  /** Backs firestore.get()/firestore.exists() in storage.rules. */
  firestore?: RulesDocumentReader;
  /** Directory holding a previous export (`<dir>/storage_export`) to start from. */
  importDir?: string;
  /** Where `exportNow()` and `close()` write the data. */
  exportDir?: string;
  /**
   * Journal object changes under exportDir so that a killed process loses nothing it
   * acknowledged (default: on whenever exportDir is set). See object-journal.ts.
   */
  journal?: boolean;
  quiet?: boolean;
  /** Working directory for object bytes; a fresh temporary directory (removed on close) by default. */
  workDir?: string;
  /** Browser origins allowed besides loopback ones. */
  corsOrigins?: readonly string[];
  /** Allows a non-loopback `host`; off by default since the emulator has no real authentication. */
  allowRemote?: boolean;
}

export interface StorageEmulator {
  port: number;
  host: string;
  exportNow(): Promise<void>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export async function startStorageEmulator(opts: StorageEmulatorOptions): Promise<StorageEmulator> {
  const allows = allowedOrigins(opts.corsOrigins);
  const log = opts.quiet
    ? () => undefined
    : (message: string) => console.log(`[storage] ${message}`);
  const ownWorkDir = opts.workDir === undefined;
  const journaled = opts.exportDir !== undefined && opts.journal !== false;
  // With a journal the bytes must outlive a killed process: they stay inside the export dir.
  const workDir =
    opts.workDir ??
    (journaled
      ? durableWorkDir(opts.exportDir!)
      : await mkdtemp(join(tmpdir(), "storage-emulator-")));
  // A journaled working directory holds the only copy of recent objects: it stays after a failure.
  const removeWorkDir = async (outcome: "failed" | "closed") => {
    if (ownWorkDir && (outcome === "closed" || !journaled)) {
      await rm(workDir, { recursive: true, force: true });
    }
  };
  let store: ObjectStore;
  try {
    store = await ObjectStore.open(workDir);
  } catch (error) {
    await removeWorkDir("failed");
    throw error;
  }
  const rules = new StorageRules(opts.firestore, log);
  const backend: StorageBackend = { store, sessions: new UploadSessions(), rules, log };
  const clear = async (): Promise<void> => {
    await backend.sessions.clear();
    await store.clear();
  };
  const clearBucket = async (bucket: string): Promise<void> => {
    await backend.sessions.clear(bucket);
    await store.clearBucket(bucket);
  };
  const decisions = new RulesDecisionLog();
  rules.onDecision = (decision) => decisions.add({ ...decision, service: "storage" });

  // Set once the lifecycle runs; the control endpoints only answer after the port is open.
  let exportNow: () => Promise<void> = async () => undefined;
  const lifecycle = await startLifecycle(opts, {
    info: log,
    warn: log,
    rules: { service: "firebase.storage", apply: (compiled) => rules.setRules(compiled) },
    data: store,
    openJournal: (exportDir, importDir) => openDurableObjects(store, exportDir, importDir, log),
    serve: async (host) => {
      if (!rules.loaded) log("no storage.rules given: all non-admin requests are denied");
      const server = createServer(
        withRulesDecisionsEndpoint(decisions, allows, (req, res) => {
          void handle(backend, req, res, host, allows, {
            clear,
            clearBucket,
            rules,
            exportNow: () => exportNow(),
            hasExportDir: !!opts.exportDir,
          });
        }),
      );
      // Large resumable chunks from slow clients must not hit the default 5-minute request timeout.
      server.requestTimeout = 0;
      // Clients pool keep-alive sockets for longer than Node's 5 s default; a socket the server
      // drops just as a client reuses it resets that request (ECONNRESET in the GCS client's uploads).
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(opts.port, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const port = (server.address() as AddressInfo).port;
      log(`listening on http://${host}:${port}`);
      const stop = async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // In-flight requests get a moment to finish before their sockets are cut.
        const force = setTimeout(() => server.closeAllConnections(), 1000);
        await stopped;
        clearTimeout(force);
      };
      return { port, stop };
    },
    cleanUp: async (outcome) => {
      await backend.sessions.clear();
      await removeWorkDir(outcome);
    },
  });
  exportNow = lifecycle.exportNow;
  const { port, host, close } = lifecycle;
  return { port, host, exportNow, clear, close };
}

interface Controls extends BucketControls {
  clear(): Promise<void>;
  exportNow(): Promise<void>;
  hasExportDir: boolean;
}

async function handle(
  backend: StorageBackend,
  req: IncomingMessage,
  res: ServerResponse,
  host: string,
  allows: OriginCheck,
  controls: Controls,
): Promise<void> {
  try {
    if (setCorsHeaders(req, res, allows) === "refused") {
      throw new StorageHttpError(403, FOREIGN_ORIGIN_MESSAGE);
    }
    if (req.method === "OPTIONS") {
      answerPreflight(req, res);
      return;
    }
    const baseUrl = baseUrlOf(req, host);
    const url = new URL(req.url ?? "/", baseUrl);
    if (await handleControl(url, req, res, controls)) return;
    if (await handleBucketControl(url, req, res, controls)) return;
    const ctx: RequestContext = { req, res, url, baseUrl, caller: callerOf(req) };
    if (url.pathname.startsWith("/v0/")) {
      if (await handleFirebaseRequest(backend, ctx)) return;
    } else if (await handleGcsRequest(backend, ctx)) {
      return;
    }
    throw new StorageHttpError(404, `No route for ${req.method} ${url.pathname}.`);
  } catch (error) {
    fail(backend, req, res, error);
  }
}

/**
 * Against an emulator endpoint `@google-cloud/storage` sends no credentials at all (production
 * would carry the service account's OAuth token), so its requests, marked by the client library's
 * `x-goog-api-client: … gccl/…`, count as admin; this is what makes `getDownloadURL()` of
 * `firebase-admin/storage` work. Everything else is identified by its Authorization header.
 */
function callerOf(req: IncomingMessage): Caller {
  const apiClient = req.headers["x-goog-api-client"];
  if (!req.headers.authorization && typeof apiClient === "string" && /\bgccl\//.test(apiClient)) {
    return ADMIN;
  }
  try {
    return callerFromAuthorizationHeader(req.headers.authorization);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new StorageHttpError(401, error.message);
    throw error;
  }
}

async function handleControl(
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  controls: Controls,
): Promise<boolean> {
  if (url.pathname === "/" && (req.method === "GET" || req.method === "HEAD")) {
    res.writeHead(200, { "Content-Type": "text/plain" }).end("Ok");
    return true;
  }
  if (url.pathname === "/internal/reset" && (req.method === "DELETE" || req.method === "POST")) {
    await controls.clear();
    sendJson(res, 200, { cleared: true });
    return true;
  }
  if (url.pathname === "/internal/export" && req.method === "POST") {
    if (!controls.hasExportDir) throw new StorageHttpError(400, "The emulator has no exportDir.");
    await controls.exportNow();
    sendJson(res, 200, { exported: true });
    return true;
  }
  return false;
}

function fail(
  backend: StorageBackend,
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const httpError =
    error instanceof StorageHttpError
      ? error
      : isClientGone(req, error)
        ? undefined
        : new StorageHttpError(500, `Internal emulator error: ${String(error)}`);
  if (!httpError) {
    res.destroy();
    return;
  }
  if (httpError.status === 500) backend.log(`${req.method} ${req.url}: ${String(error)}`);
  // An answer sent before the request body was read: drain it and do not reuse the connection.
  if (!req.complete) {
    res.setHeader("Connection", "close");
    req.resume();
  }
  sendError(res, httpError);
}

function isClientGone(req: IncomingMessage, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return req.destroyed || code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE";
}
