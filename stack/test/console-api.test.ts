/**
 * The console's JSON API against real Firestore and Storage emulators (in-process, own ports):
 * paging, typed values kept exact, filters, collection delete, files, rules decisions, and the
 * loopback-only guard.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LogBuffer } from "../src/console/log-buffer.js";
import { type RunningConsole, startConsole } from "../src/console/server.js";
import {
  startFirestoreEmulator,
  type RunningFirestoreEmulator,
} from "@platform/emulators/firestore";
import type { StorageEmulator } from "@platform/emulators/storage";
import { BUCKET, startTestEmulator } from "@platform/emulators/testing/storage";

const PROJECT = "demo-console";
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /notes/{id} {
      allow read: if true;
      allow write: if false;
    }
  }
}
`;

let dir: string;
let firestore: RunningFirestoreEmulator;
let storage: StorageEmulator;
let consoleServer: RunningConsole;
const logs = new LogBuffer();

async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${consoleServer.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as T };
}

function json(method: string, body: unknown): RequestInit {
  return { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "console-api-"));
  await writeFile(join(dir, "firestore.rules"), RULES);
  firestore = await startFirestoreEmulator({
    port: 0,
    quiet: true,
    rulesFile: join(dir, "firestore.rules"),
  });
  storage = await startTestEmulator();
  const firestoreUrl = `http://127.0.0.1:${firestore.port}`;
  consoleServer = await startConsole({
    port: 0,
    projectId: PROJECT,
    firestoreUrl,
    authUrl: "http://127.0.0.1:1",
    storageUrl: `http://127.0.0.1:${storage.port}`,
    storageBucket: BUCKET,
    services: [{ name: "Firestore", url: firestoreUrl }],
    logs,
    staticDir: dir,
  });
});

afterAll(async () => {
  await consoleServer.close();
  await firestore.close();
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

describe("Firestore", () => {
  it("writes and reads back every value type exactly", async () => {
    const fields = {
      s: { stringValue: "Merhaba" },
      i: { integerValue: "9007199254740993" },
      d: { doubleValue: 1.5 },
      b: { booleanValue: true },
      t: { timestampValue: "2026-11-20T09:00:00Z" },
      m: { mapValue: { fields: { nested: { nullValue: null } } } },
      a: { arrayValue: { values: [{ stringValue: "x" }, { integerValue: "2" }] } },
      r: { referenceValue: `projects/${PROJECT}/databases/(default)/documents/notes/other` },
      g: { geoPointValue: { latitude: 41.01, longitude: 28.97 } },
    };
    expect(
      (await call("/api/firestore/document?path=notes/all", json("PUT", { fields }))).status,
    ).toBe(200);
    const { body } = await call<{ fields: unknown }>("/api/firestore/document?path=notes/all");
    expect(body.fields).toEqual(fields);
  });

  it("pages a collection and filters it by a field", async () => {
    for (let i = 0; i < 5; i++) {
      await call(
        `/api/firestore/documents?collection=items`,
        json("POST", { id: `item${i}`, fields: { n: { integerValue: String(i) } } }),
      );
    }
    const first = await call<{ documents: { id: string }[]; nextPageToken?: string }>(
      "/api/firestore/documents?collection=items&pageSize=2",
    );
    expect(first.body.documents.map((d) => d.id)).toEqual(["item0", "item1"]);
    const second = await call<{ documents: { id: string }[] }>(
      `/api/firestore/documents?collection=items&pageSize=2&pageToken=${first.body.nextPageToken}`,
    );
    expect(second.body.documents.map((d) => d.id)).toEqual(["item2", "item3"]);
    const value = encodeURIComponent(JSON.stringify({ integerValue: "3" }));
    const filtered = await call<{ documents: { id: string }[] }>(
      `/api/firestore/documents?collection=items&field=n&op=>=&value=${value}`,
    );
    expect(filtered.body.documents.map((d) => d.id)).toEqual(["item3", "item4"]);
  });

  it("lists subcollections and deletes a collection with them", async () => {
    await call("/api/firestore/document?path=items/item0/parts/p1", json("PUT", { fields: {} }));
    const sub = await call<{ ids: string[] }>("/api/firestore/collections?parent=items/item0");
    expect(sub.body.ids).toEqual(["parts"]);
    const deleted = await call<{ deleted: number }>("/api/firestore/collection?path=items", {
      method: "DELETE",
    });
    expect(deleted.body.deleted).toBe(6);
    const root = await call<{ ids: string[] }>("/api/firestore/collections");
    expect(root.body.ids).toEqual(["notes"]);
  });
});

describe("Storage", () => {
  it("uploads, lists by folder, shows metadata, downloads and deletes", async () => {
    const up = await call<{ name: string; size: number }>("/api/storage/object?name=docs/a.txt", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "hello",
    });
    expect(up.body).toMatchObject({ name: "docs/a.txt", size: 5 });
    const root = await call<{ folders: string[] }>("/api/storage/list");
    expect(root.body.folders).toEqual(["docs/"]);
    const meta = await call<{ contentType: string }>("/api/storage/object?name=docs/a.txt");
    expect(meta.body.contentType).toBe("text/plain");
    const content = await fetch(`${consoleServer.url}/api/storage/content?name=docs/a.txt`);
    expect(await content.text()).toBe("hello");
    await call("/api/storage/object?name=docs/a.txt", { method: "DELETE" });
    expect((await call<{ folders: string[] }>("/api/storage/list")).body.folders).toEqual([]);
  });
});

describe("Requests", () => {
  it("shows a denied client write with its rule line", async () => {
    const res = await fetch(
      `http://127.0.0.1:${firestore.port}/v1/projects/${PROJECT}/databases/(default)/documents/notes?documentId=x`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
    );
    expect(res.status).toBe(403);
    const { body } = await call<{ requests: { path: string; rules: { line: number }[] }[] }>(
      "/api/requests?outcome=denied",
    );
    expect(body.requests.at(-1)).toMatchObject({ path: "notes/x", rules: [{ line: 6 }] });
  });
});

describe("access", () => {
  it("refuses foreign origins and foreign host names", async () => {
    const foreign = await fetch(`${consoleServer.url}/api/firestore/all`, {
      method: "DELETE",
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    // A page of evil.example whose name was made to resolve to 127.0.0.1 (DNS rebinding).
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: consoleServer.port,
          path: "/api/overview",
          headers: { Host: "evil.example" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(rebound).toBe(403);
    const local = await fetch(`${consoleServer.url}/api/overview`, {
      headers: { Origin: consoleServer.url },
    });
    expect(local.status).toBe(200);
  });

  it("answers the searchable log lines", async () => {
    logs.add("jobs", "[jobs] go-live at 2026-11-20T09:00:00.000Z");
    logs.add("firebase", "\u001b[90m│\u001b[39m functions: Beginning execution");
    const { body } = await call<{ lines: { text: string }[] }>("/api/logs?search=GO-LIVE");
    expect(body.lines.map((l) => l.text)).toEqual(["[jobs] go-live at 2026-11-20T09:00:00.000Z"]);
    const plain = await call<{ lines: { text: string }[] }>("/api/logs?source=firebase");
    expect(plain.body.lines.map((l) => l.text)).toEqual(["│ functions: Beginning execution"]);
  });
});
