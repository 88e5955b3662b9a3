/** The console's JSON API: one small handler per route, each a call to an emulator's own API. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { UserInput } from "./auth-api.js";
import type { FieldFilter, WireFields, WireValue } from "./firestore-api.js";
import { ConsoleError, param, readBody, readJson, sendJson } from "./http.js";
import type { ConsoleContext } from "./server.js";

export interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

async function isUp(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

function filterOf(url: URL): FieldFilter | undefined {
  const field = url.searchParams.get("field");
  if (!field) return undefined;
  let value: WireValue;
  try {
    value = JSON.parse(param(url, "value")) as WireValue;
  } catch {
    throw new ConsoleError(400, "The filter value must be a Firestore JSON value.");
  }
  return { field, op: (url.searchParams.get("op") ?? "==") as FieldFilter["op"], value };
}

export function consoleRoutes(ctx: ConsoleContext): Route[] {
  const { options, firestore, auth, storage, requests } = ctx;
  const ok = (res: ServerResponse, body: unknown = { ok: true }) => sendJson(res, 200, body);
  const route = (method: Route["method"], path: string, handle: Route["handle"]): Route => ({
    method,
    path,
    handle,
  });

  return [
    route("GET", "/api/overview", async (_req, res) => {
      const services = await Promise.all(
        options.services.map(async (s) => ({
          name: s.name,
          url: s.url,
          up: await isUp(s.healthUrl ?? s.url),
        })),
      );
      ok(res, {
        projectId: options.projectId,
        storageBucket: options.storageBucket,
        services,
        jobs: options.jobs !== undefined,
        logs: options.logs !== undefined,
      });
    }),

    // ---- Firestore ----
    route("GET", "/api/firestore/collections", async (_req, res, url) => {
      ok(res, { ids: await firestore.listCollections(url.searchParams.get("parent") ?? "") });
    }),
    route("GET", "/api/firestore/documents", async (_req, res, url) => {
      const pageToken = url.searchParams.get("pageToken") ?? undefined;
      const filter = filterOf(url);
      ok(
        res,
        await firestore.listDocuments(param(url, "collection"), {
          pageSize: Number(url.searchParams.get("pageSize") ?? 50),
          ...(pageToken ? { pageToken } : {}),
          ...(filter ? { filter } : {}),
        }),
      );
    }),
    route("POST", "/api/firestore/documents", async (req, res, url) => {
      const body = await readJson<{ id?: string; fields?: WireFields }>(req);
      ok(
        res,
        await firestore.addDocument(
          param(url, "collection"),
          body.id || undefined,
          body.fields ?? {},
        ),
      );
    }),
    route("GET", "/api/firestore/document", async (_req, res, url) => {
      const path = param(url, "path");
      const doc = await firestore.getDocument(path);
      if (!doc) throw new ConsoleError(404, `No document at ${path}.`);
      ok(res, doc);
    }),
    route("PUT", "/api/firestore/document", async (req, res, url) => {
      const body = await readJson<{ fields?: WireFields }>(req);
      ok(res, await firestore.setDocument(param(url, "path"), body.fields ?? {}));
    }),
    route("DELETE", "/api/firestore/document", async (_req, res, url) => {
      await firestore.deleteDocument(param(url, "path"));
      ok(res);
    }),
    route("DELETE", "/api/firestore/collection", async (_req, res, url) => {
      ok(res, { deleted: await firestore.deleteCollection(param(url, "path")) });
    }),
    route("DELETE", "/api/firestore/all", async (_req, res) => {
      await firestore.clearAll();
      ok(res);
    }),

    // ---- Auth ----
    route("GET", "/api/auth/users", async (_req, res, url) => {
      ok(res, await auth.listUsers(url.searchParams.get("search") ?? ""));
    }),
    route("POST", "/api/auth/users", async (req, res) => {
      ok(res, await auth.createUser(await readJson<UserInput>(req)));
    }),
    route("PUT", "/api/auth/user", async (req, res, url) => {
      ok(res, await auth.updateUser(param(url, "uid"), await readJson<UserInput>(req)));
    }),
    route("DELETE", "/api/auth/user", async (_req, res, url) => {
      await auth.deleteUser(param(url, "uid"));
      ok(res);
    }),

    // ---- Storage ----
    route("GET", "/api/storage/list", async (_req, res, url) => {
      const pageToken = url.searchParams.get("pageToken") ?? undefined;
      ok(res, {
        bucket: storage.bucket,
        ...(await storage.list(url.searchParams.get("prefix") ?? "", pageToken)),
      });
    }),
    route("GET", "/api/storage/object", async (_req, res, url) => {
      ok(res, await storage.metadata(param(url, "name")));
    }),
    route("GET", "/api/storage/content", async (_req, res, url) => {
      await storage.download(param(url, "name"), res, url.searchParams.has("download"));
    }),
    route("POST", "/api/storage/object", async (req, res, url) => {
      const bytes = await readBody(req, MAX_UPLOAD_BYTES);
      ok(res, await storage.upload(param(url, "name"), req.headers["content-type"] ?? "", bytes));
    }),
    route("DELETE", "/api/storage/object", async (_req, res, url) => {
      await storage.remove(param(url, "name"));
      ok(res);
    }),

    // ---- Requests (rules decisions) ----
    route("GET", "/api/requests", async (_req, res, url) => {
      const outcome = url.searchParams.get("outcome");
      ok(
        res,
        await requests.since(Number(url.searchParams.get("since") ?? 0) || 0, {
          ...(outcome === "allowed" || outcome === "denied" ? { outcome } : {}),
          path: url.searchParams.get("path") ?? "",
        }),
      );
    }),

    // ---- Jobs ----
    route("GET", "/api/jobs", async (_req, res) => {
      const jobs = options.jobs;
      if (!jobs) return ok(res, { timeZone: null, jobs: [] });
      const list = await Promise.all(
        jobs.list().map(async (job) => ({
          ...job,
          runs:
            jobs.runsCollection && job.runPrefix
              ? await firestore.listByIdPrefix(jobs.runsCollection, job.runPrefix, 5)
              : [],
        })),
      );
      ok(res, { timeZone: jobs.timeZone, runsCollection: jobs.runsCollection, jobs: list });
    }),
    route("POST", "/api/jobs/run", async (req, res) => {
      if (!options.jobs) throw new ConsoleError(404, "This stack has no jobs.");
      const body = await readJson<{ job?: string; at?: string }>(req);
      if (!body.job) throw new ConsoleError(400, 'Which job? Send {"job": name}.');
      if (!options.jobs.list().some((j) => j.name === body.job)) {
        throw new ConsoleError(404, `Unknown job "${body.job}".`);
      }
      ok(res, await options.jobs.run(body.job, body.at || undefined));
    }),

    // ---- Logs ----
    route("GET", "/api/logs", async (_req, res, url) => {
      const since = Number(url.searchParams.get("since") ?? 0) || 0;
      const source = url.searchParams.get("source") ?? undefined;
      ok(res, {
        lines:
          options.logs?.query({
            since,
            search: url.searchParams.get("search") ?? "",
            ...(source ? { source } : {}),
            limit: 2000,
          }) ?? [],
      });
    }),
  ];
}
