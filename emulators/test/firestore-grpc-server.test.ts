/**
 * The transport itself, with a raw gRPC client and raw sockets: status codes, callers from
 * metadata, the Listen and Write streams on the wire, and the one-port split between gRPC and HTTP/1.1.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as grpc from "@grpc/grpc-js";
import { loadFirestorePackage } from "../src/firestore/grpc-protos.js";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";

const project = "demo-grpc-server";
const database = `projects/${project}/databases/(default)`;
const documents = `${database}/documents`;

type Callback = (err: grpc.ServiceError | null, response?: Record<string, unknown>) => void;
type FirestoreClient = grpc.Client & {
  [method: string]: (request: unknown, metadata: grpc.Metadata, callback: Callback) => unknown;
} & {
  listen(metadata: grpc.Metadata): grpc.ClientDuplexStream<unknown, unknown>;
  write(metadata: grpc.Metadata): grpc.ClientDuplexStream<unknown, unknown>;
  runQuery(
    request: unknown,
    metadata: grpc.Metadata,
  ): grpc.ClientReadableStream<Record<string, unknown>>;
};

let emulator: RunningFirestoreEmulator;
let client: FirestoreClient;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  const loaded = grpc.loadPackageDefinition(loadFirestorePackage()) as unknown as {
    google: { firestore: { v1: { Firestore: typeof grpc.Client } } };
  };
  const Firestore = loaded.google.firestore.v1.Firestore;
  client = new Firestore(
    `127.0.0.1:${emulator.port}`,
    grpc.credentials.createInsecure(),
  ) as FirestoreClient;
});

afterAll(async () => {
  client.close();
  await emulator.close();
});

function metadata(authorization = "Bearer owner"): grpc.Metadata {
  const m = new grpc.Metadata();
  if (authorization) m.set("authorization", authorization);
  return m;
}

function call(
  method: string,
  request: unknown,
  meta = metadata(),
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    client[method]!(request, meta, (err, response) => (err ? reject(err) : resolve(response!)));
  });
}

async function statusOf(promise: Promise<unknown>): Promise<{ code?: number; details?: string }> {
  try {
    await promise;
  } catch (err) {
    return err as grpc.ServiceError;
  }
  return {};
}

describe("unary calls", () => {
  it("commits and reads back the exact proto values", async () => {
    const name = `${documents}/raw/one`;
    const commit = await call("commit", {
      database,
      writes: [
        {
          update: {
            name,
            fields: {
              big: { integerValue: "9223372036854775807" },
              when: { timestampValue: { seconds: "1700000000", nanos: 123456789 } },
              blob: { bytesValue: Buffer.from([0, 255]) },
              nothing: { nullValue: "NULL_VALUE" },
            },
          },
        },
      ],
    });
    expect((commit.writeResults as unknown[]).length).toBe(1);
    expect(commit.commitTime).toMatchObject({ seconds: expect.any(String) });

    const doc = await call("getDocument", { name });
    const fields = doc.fields as Record<string, Record<string, unknown>>;
    expect(fields.big!.integerValue).toBe("9223372036854775807");
    // Firestore stores timestamps to the microsecond; finer digits are rounded down.
    expect(fields.when!.timestampValue).toEqual({ seconds: "1700000000", nanos: 123456000 });
    expect(Buffer.from(fields.blob!.bytesValue as Uint8Array)).toEqual(Buffer.from([0, 255]));
    expect(fields.nothing!.nullValue).toBe("NULL_VALUE");
  });

  it("serves the document RPCs the admin SDK does not use", async () => {
    const parent = documents;
    const created = await call("createDocument", {
      parent,
      collectionId: "plain",
      documentId: "p1",
      document: { fields: { a: { integerValue: "1" }, b: { stringValue: "x" } } },
      mask: { fieldPaths: ["a"] },
    });
    expect(created.name).toBe(`${documents}/plain/p1`);
    expect(created.fields).toEqual({ a: { integerValue: "1" } });
    expect(created.createTime).toMatchObject({ seconds: expect.any(String) });

    const again = await statusOf(
      call("createDocument", { parent, collectionId: "plain", documentId: "p1", document: {} }),
    );
    expect(again.code).toBe(grpc.status.ALREADY_EXISTS);

    const updated = await call("updateDocument", {
      document: { name: `${documents}/plain/p1`, fields: { c: { booleanValue: false } } },
      updateMask: { fieldPaths: ["c"] },
      currentDocument: { exists: true },
    });
    expect(updated.fields).toEqual({
      a: { integerValue: "1" },
      b: { stringValue: "x" },
      c: { booleanValue: false },
    });

    const auto = await call("createDocument", { parent, collectionId: "plain", document: {} });
    expect(String(auto.name)).toMatch(/\/plain\/[A-Za-z0-9]{20}$/);

    const page1 = await call("listDocuments", {
      parent,
      collectionId: "plain",
      pageSize: 1,
      orderBy: "__name__ desc",
    });
    expect((page1.documents as unknown[]).length).toBe(1);
    expect(page1.nextPageToken).toEqual(expect.any(String));
    const page2 = await call("listDocuments", {
      parent,
      collectionId: "plain",
      pageSize: 1,
      orderBy: "__name__ desc",
      pageToken: page1.nextPageToken,
    });
    const names = [page1, page2].map((page) => (page.documents as { name: string }[])[0]!.name);
    expect(names).toEqual([`${documents}/plain/p1`, String(auto.name)].sort().reverse());

    const ids = await call("listCollectionIds", { parent });
    expect(ids.collectionIds).toEqual(expect.arrayContaining(["plain", "raw"]));

    await call("deleteDocument", {
      name: `${documents}/plain/p1`,
      currentDocument: { exists: true },
    });
    const gone = await statusOf(call("getDocument", { name: `${documents}/plain/p1` }));
    expect(gone.code).toBe(grpc.status.NOT_FOUND);
  });

  it("applies maximum and minimum transforms and returns their results", async () => {
    const name = `${documents}/bounds/b1`;
    await call("commit", {
      database,
      writes: [
        { update: { name, fields: { hi: { integerValue: "5" }, lo: { doubleValue: 2.5 } } } },
      ],
    });
    const result = await call("commit", {
      database,
      writes: [
        {
          transform: {
            document: name,
            fieldTransforms: [
              { fieldPath: "hi", maximum: { integerValue: "9" } },
              { fieldPath: "lo", minimum: { integerValue: "1" } },
            ],
          },
        },
      ],
    });
    const [write] = result.writeResults as { transformResults: unknown[] }[];
    expect(write!.transformResults).toEqual([{ integerValue: "9" }, { integerValue: "1" }]);
  });

  it("runs transactions with begin, commit and rollback", async () => {
    const begun = await call("beginTransaction", { database });
    expect(Buffer.isBuffer(begun.transaction)).toBe(true);
    await call("rollback", { database, transaction: begun.transaction });
    const stale = await statusOf(call("commit", { database, transaction: begun.transaction }));
    expect(stale.code).toBe(grpc.status.INVALID_ARGUMENT);

    const readOnly = await call("beginTransaction", {
      database,
      options: { readOnly: {} },
    });
    const denied = await statusOf(
      call("commit", {
        database,
        transaction: readOnly.transaction,
        writes: [{ delete: `${documents}/raw/one` }],
      }),
    );
    expect(denied.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it("maps engine errors to gRPC status codes with the engine's message", async () => {
    const missing = await statusOf(call("getDocument", { name: `${documents}/raw/none` }));
    expect(missing.code).toBe(grpc.status.NOT_FOUND);
    expect(missing.details).toMatch(/raw\/none/);
    const bad = await statusOf(call("getDocument", { name: "not-a-name" }));
    expect(bad.code).toBe(grpc.status.INVALID_ARGUMENT);
    const farFuture = await statusOf(
      call("getDocument", {
        name: `${documents}/raw/one`,
        readTime: { seconds: "999999999999999", nanos: 0 },
      }),
    );
    expect(farFuture.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it("reads the caller from the authorization metadata", async () => {
    const garbage = await statusOf(
      call("getDocument", { name: `${documents}/raw/one` }, metadata("Bearer not-a-jwt")),
    );
    expect(garbage.code).toBe(grpc.status.UNAUTHENTICATED);
    // Without rules the engine denies every caller but the admin SDK ("Bearer owner").
    const visitor = await statusOf(
      call("getDocument", { name: `${documents}/raw/one` }, metadata("")),
    );
    expect(visitor.code).toBe(grpc.status.PERMISSION_DENIED);
    expect(visitor.details).toBe("Missing or insufficient permissions.");
  });

  it("streams query results", async () => {
    const results: Record<string, unknown>[] = [];
    await new Promise<void>((resolve, reject) => {
      const stream = client.runQuery(
        { parent: documents, structuredQuery: { from: [{ collectionId: "raw" }] } },
        metadata(),
      );
      stream.on("data", (r) => results.push(r));
      stream.on("error", reject);
      stream.on("end", resolve);
    });
    expect(results).toHaveLength(1);
    expect((results[0]!.document as { name: string }).name).toBe(`${documents}/raw/one`);
  });

  it("answers PartitionQuery with UNIMPLEMENTED", async () => {
    const status = await statusOf(call("partitionQuery", { parent: documents }));
    expect(status.code).toBe(grpc.status.UNIMPLEMENTED);
  });
});

describe("Listen and Write on the wire", () => {
  type Response = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  /** A Listen stream whose responses are read one at a time. */
  function openListen(meta = metadata()) {
    const stream = client.listen(meta);
    const received: Response[] = [];
    let wake: (() => void) | undefined;
    let status: grpc.StatusObject | undefined;
    stream.on("data", (r: Response) => {
      received.push(r);
      wake?.();
    });
    stream.on("status", (s: grpc.StatusObject) => {
      status = s;
      wake?.();
    });
    stream.on("error", () => undefined);
    return {
      stream,
      status: () => status,
      /** Responses up to and including the next global snapshot (a NO_CHANGE for no target). */
      async nextSnapshot(): Promise<Response[]> {
        const out: Response[] = [];
        for (;;) {
          while (received.length === 0) {
            if (status) throw new Error(`stream closed: ${status.details}`);
            await new Promise<void>((r) => (wake = r));
          }
          const r = received.shift()!;
          out.push(r);
          const change = r.targetChange;
          if (change?.targetChangeType === "NO_CHANGE" && !change.targetIds?.length) return out;
          if (change?.targetChangeType === "REMOVE" && change.cause) return out;
        }
      },
    };
  }

  const kinds = (responses: Response[]) =>
    responses.map((r) =>
      r.targetChange
        ? `${r.targetChange.targetChangeType}${r.targetChange.targetIds?.length ? "" : "*"}`
        : Object.keys(r).find((k) => r[k] !== undefined && k !== "responseType")!,
    );

  const commitValue = (id: string, n: number) =>
    call("commit", {
      database,
      writes: [
        {
          update: {
            name: `${documents}/wire/${id}`,
            fields: { n: { integerValue: String(n) } },
          },
        },
      ],
    });

  it("sends the initial result, CURRENT and a global snapshot, then changes and deletes", async () => {
    await commitValue("a", 1);
    const listen = openListen();
    listen.stream.write({
      database,
      addTarget: {
        targetId: 7,
        query: { parent: documents, structuredQuery: { from: [{ collectionId: "wire" }] } },
      },
    });
    const initial = await listen.nextSnapshot();
    expect(kinds(initial)).toEqual(["ADD", "documentChange", "CURRENT", "NO_CHANGE*"]);
    expect(initial[1]!.documentChange.document.name).toBe(`${documents}/wire/a`);
    expect(initial[2]!.targetChange.resumeToken.length).toBeGreaterThan(0);
    expect(initial[3]!.targetChange.readTime.seconds).toBeDefined();

    await commitValue("b", 2);
    expect(kinds(await listen.nextSnapshot())).toEqual(["documentChange", "NO_CHANGE*"]);
    await call("commit", { database, writes: [{ delete: `${documents}/wire/a` }] });
    const deleted = await listen.nextSnapshot();
    expect(kinds(deleted)).toEqual(["documentDelete", "NO_CHANGE*"]);
    expect(deleted[0]!.documentDelete).toMatchObject({
      document: `${documents}/wire/a`,
      removedTargetIds: [7],
    });
    listen.stream.end();
  });

  it("resumes from a token with only what changed since, and an existence filter", async () => {
    for (const id of ["r1", "r2", "r3"]) await commitValue(id, 1);
    const target = {
      targetId: 2,
      query: {
        parent: documents,
        structuredQuery: {
          from: [{ collectionId: "wire" }],
          where: {
            fieldFilter: { field: { fieldPath: "n" }, op: "EQUAL", value: { integerValue: "1" } },
          },
        },
      },
    };
    const first = openListen();
    first.stream.write({ database, addTarget: target });
    const initial = await first.nextSnapshot();
    const token = initial.at(-1)!.targetChange.resumeToken as Buffer;
    first.stream.cancel();

    await commitValue("r2", 5); // leaves the query
    await commitValue("r4", 1); // joins it
    const again = openListen();
    again.stream.write({ database, addTarget: { ...target, resumeToken: token } });
    const resumed = await again.nextSnapshot();
    expect(kinds(resumed)).toEqual([
      "ADD",
      "documentChange",
      "documentRemove",
      "filter",
      "CURRENT",
      "NO_CHANGE*",
    ]);
    expect(resumed[1]!.documentChange.document.name).toBe(`${documents}/wire/r4`);
    expect(resumed[2]!.documentRemove.document).toBe(`${documents}/wire/r2`);
    expect(resumed[3]!.filter).toMatchObject({ targetId: 2, count: 3 });
    again.stream.end();
  });

  it("removes a target the rules deny with PERMISSION_DENIED and keeps the stream", async () => {
    const listen = openListen(metadata(""));
    listen.stream.write({
      database,
      addTarget: { targetId: 3, documents: { documents: [`${documents}/wire/a`] } },
    });
    const [removed] = await listen.nextSnapshot();
    expect(removed!.targetChange).toMatchObject({
      targetChangeType: "REMOVE",
      targetIds: [3],
      cause: { code: grpc.status.PERMISSION_DENIED },
    });
    expect(listen.status()).toBeUndefined();
    listen.stream.end();
  });

  it("commits through the Write stream after its handshake", async () => {
    const stream = client.write(metadata()) as grpc.ClientDuplexStream<unknown, Response>;
    const responses: Response[] = [];
    const two = new Promise<void>((resolve, reject) => {
      stream.on("data", (r: Response) => {
        responses.push(r);
        if (responses.length === 1) {
          stream.write({
            streamToken: r.streamToken,
            writes: [
              {
                update: {
                  name: `${documents}/wire/streamed`,
                  fields: { s: { stringValue: "yes" } },
                },
              },
            ],
          });
        } else resolve();
      });
      stream.on("error", reject);
    });
    stream.write({ database });
    await two;
    stream.end();
    expect(responses[0]!.streamId).toBeTruthy();
    expect(responses[1]!.writeResults).toHaveLength(1);
    expect(responses[1]!.commitTime.seconds).toBeDefined();
    const read = await call("getDocument", { name: `${documents}/wire/streamed` });
    expect((read.fields as Response).s.stringValue).toBe("yes");
  });
});

/** Sends raw bytes and collects what comes back until the server closes the connection. */
function exchange(chunks: string[], delayMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(emulator.port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += d.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    socket.on("connect", async () => {
      for (const chunk of chunks) {
        socket.write(chunk);
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      }
    });
  });
}

describe("one port for gRPC and REST", () => {
  const path = `/v1/${documents}/raw/one`;
  const request = `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer owner\r\nConnection: close\r\n\r\n`;

  it("serves HTTP/1.1 REST next to gRPC", async () => {
    const response = await exchange([request]);
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain("9223372036854775807");
  });

  it("routes a request whose first bytes arrive one by one", async () => {
    const response = await exchange([...request.slice(0, 6)].concat(request.slice(6)), 5);
    expect(response).toMatch(/^HTTP\/1\.1 200/);
  });

  it("survives a connection that closes mid-preface", async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(emulator.port, "127.0.0.1", () => socket.end("PRI * HT"));
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
    });
    const doc = await call("getDocument", { name: `${documents}/raw/one` });
    expect(doc.name).toBe(`${documents}/raw/one`);
  });
});

describe("close", () => {
  it("stops listening, can be called twice and leaves the port free", async () => {
    const other = await startFirestoreEmulator({ port: 0, quiet: true });
    await Promise.all([other.close(), other.close()]);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(other.port, "127.0.0.1");
      socket.on("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });

  it("rejects when the port is taken", async () => {
    await expect(startFirestoreEmulator({ port: emulator.port, quiet: true })).rejects.toThrow(
      /EADDRINUSE/,
    );
  });

  it("leaves no servers, sockets or file watchers behind", async () => {
    const dir = mkdtempSync(join(tmpdir(), "firestore-close-"));
    const rulesFile = join(dir, "firestore.rules");
    writeFileSync(rulesFile, "rules_version = '2';\nservice cloud.firestore {}\n");
    // Counts per kind; the suite's own client may drop its idle connection meanwhile.
    const handles = () => {
      const counts: Record<string, number> = {};
      for (const r of process.getActiveResourcesInfo()) {
        if (/TCP|StatWatcher|FSEvent/.test(r)) counts[r] = (counts[r] ?? 0) + 1;
      }
      return counts;
    };
    const before = handles();
    const other = await startFirestoreEmulator({
      port: 0,
      rulesFile,
      exportDir: join(dir, "export"),
      quiet: true,
    });
    await exchange([
      `GET /v1/${documents}/raw/one HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer owner\r\nConnection: close\r\n\r\n`,
    ]);
    const keepAlive = connect(other.port, "127.0.0.1"); // an idle client the server must drop
    await new Promise((resolve) => keepAlive.once("connect", resolve));
    // Listening before close(): the server may drop the socket before close() resolves.
    const dropped = new Promise((resolve) => keepAlive.once("close", resolve));
    await other.close();
    await dropped;
    await new Promise((resolve) => setImmediate(resolve));
    const after = handles();
    for (const [kind, count] of Object.entries(after)) {
      expect(count, kind).toBeLessThanOrEqual(before[kind] ?? 0);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
