/**
 * The local console: a loopback-only HTTP server with the built single-page app and a JSON API
 * under /api that works on the emulators through their own public APIs (admin access), so it
 * works against any running instance. Pages: Overview, Firestore, Auth, Storage, Requests, Jobs,
 * Logs (see stack/README.md).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  allowedOrigins,
  assertLocalListen,
  checkOrigin,
  FOREIGN_ORIGIN_MESSAGE,
  isLoopbackHost,
} from "@platform/emulators/local-access";
import { AuthConsoleApi } from "./auth-api.js";
import { FirestoreConsoleApi } from "./firestore-api.js";
import { ConsoleError, sendJson } from "./http.js";
import type { ConsoleJobs } from "./jobs.js";
import type { LogBuffer } from "./log-buffer.js";
import { consoleRoutes } from "./routes.js";
import { RulesRequestFeed } from "./rules-requests.js";
import { serveStatic } from "./static-files.js";
import { StorageConsoleApi } from "./storage-api.js";

export interface ConsoleService {
  name: string;
  /** Where people reach it (http://127.0.0.1:8080). */
  url: string;
  /** Answers 2xx while the service is up; defaults to `url`. */
  healthUrl?: string;
}

export interface ConsoleOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  projectId: string;
  firestoreUrl: string;
  authUrl: string;
  storageUrl: string;
  storageBucket: string;
  /** Every service of the stack, for the Overview. */
  services: ConsoleService[];
  logs?: LogBuffer;
  jobs?: ConsoleJobs;
  /** The built app; stack/console/dist by default. */
  staticDir?: string;
  corsOrigins?: readonly string[];
  allowRemote?: boolean;
}

export interface RunningConsole {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const defaultConsoleDir = fileURLToPath(new URL("../../console/dist", import.meta.url));

export interface ConsoleContext {
  options: ConsoleOptions;
  firestore: FirestoreConsoleApi;
  auth: AuthConsoleApi;
  storage: StorageConsoleApi;
  requests: RulesRequestFeed;
}

export async function startConsole(options: ConsoleOptions): Promise<RunningConsole> {
  const host = options.host ?? "127.0.0.1";
  assertLocalListen(host, options.allowRemote);
  const allows = allowedOrigins(options.corsOrigins);
  const staticDir = options.staticDir ?? defaultConsoleDir;
  const context: ConsoleContext = {
    options,
    firestore: new FirestoreConsoleApi(options.firestoreUrl, options.projectId),
    auth: new AuthConsoleApi(options.authUrl, options.projectId),
    storage: new StorageConsoleApi(options.storageUrl, options.storageBucket),
    requests: new RulesRequestFeed({
      firestore: options.firestoreUrl,
      storage: options.storageUrl,
    }),
  };
  const routes = consoleRoutes(context);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // A page elsewhere must not drive the console: foreign origins are refused (and get no CORS
    // headers), and so are foreign Host names (DNS rebinding) unless remote access was asked for.
    checkOrigin(req, res, allows);
    const origin = req.headers.origin;
    if (origin !== undefined && !allows(origin))
      throw new ConsoleError(403, FOREIGN_ORIGIN_MESSAGE);
    const hostName = new URL(`http://${req.headers.host ?? "localhost"}`).hostname;
    if (!options.allowRemote && !isLoopbackHost(hostName)) {
      throw new ConsoleError(403, `The console answers loopback host names only, not ${hostName}.`);
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname.startsWith("/api/")) {
      const route = routes.find((r) => r.method === req.method && r.path === url.pathname);
      if (!route) throw new ConsoleError(404, `No API ${req.method} ${url.pathname}.`);
      await route.handle(req, res, url);
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD")
      throw new ConsoleError(405, "Method not allowed.");
    serveStatic(staticDir, url.pathname, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const status = err instanceof ConsoleError ? err.status : 500;
      sendJson(res, status, { error: err instanceof Error ? err.message : String(err) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
