/** The REST transport itself: routing, encodings, errors, CORS, control endpoints, persistence. */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteApp, initializeApp } from "firebase/app";
import {
  Timestamp,
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  orderBy,
  query,
  setDoc,
  where,
  writeBatch,
} from "firebase/firestore/lite";
import { FirestoreEngine } from "../src/firestore/engine.js";
import { createFirestoreRestHandler } from "../src/firestore/rest.js";
import { startTarget, type Target } from "./firestore-harness.js";

let t: Target;

beforeAll(async () => {
  t = await startTarget("rest");
});
afterAll(() => t.close());

describe("service endpoints", () => {
  it("GET / answers Ok", async () => {
    const reply = await t.rest("GET", "/");
    expect(reply.status).toBe(200);
    expect(reply.body).toBe("Ok");
  });

  it("answers CORS preflights for the SDK's headers", async () => {
    const response = await fetch(`http://${t.host}:${t.port}/v1/${t.root}:runQuery`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type,x-goog-api-client",
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
      "authorization",
    );
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    const get = await fetch(`http://${t.host}:${t.port}/v1/${t.root}/none/x`, {
      headers: { Origin: "http://localhost:5173", Authorization: "Bearer owner" },
    });
    expect(get.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });

  it("clears a project's data", async () => {
    await setDoc(doc(t.admin, "wipe/a"), { v: 1 });
    const reply = await t.rest(
      "DELETE",
      `/emulator/v1/projects/${t.projectId}/databases/(default)/documents`,
    );
    expect(reply.status).toBe(200);
    expect((await getDoc(doc(t.admin, "wipe/a"))).exists()).toBe(false);
  });
});

describe("errors", () => {
  it("malformed JSON and malformed values are INVALID_ARGUMENT", async () => {
    const bad = await t.rest("POST", `/v1/${t.database}/documents:commit`, "{not json");
    expect(bad.status).toBe(400);
    expect(bad.body.error.status).toBe("INVALID_ARGUMENT");
    const twoKinds = await t.rest("PATCH", `/v1/${t.root}/e/x`, {
      fields: { a: { stringValue: "x", integerValue: "1" } },
    });
    expect(twoKinds.status).toBe(400);
    const nested = await t.rest("PATCH", `/v1/${t.root}/e/x`, {
      fields: { a: { arrayValue: { values: [{ arrayValue: {} }] } } },
    });
    expect(nested.status).toBe(400);
    const badTime = await t.rest("PATCH", `/v1/${t.root}/e/x`, {
      fields: { a: { timestampValue: "yesterday" } },
    });
    expect(badTime.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("invalid names and unknown routes", async () => {
    const odd = await t.rest("POST", `/v1/${t.database}/documents:commit`, {
      writes: [{ update: { name: `${t.root}/only-a-collection`, fields: {} } }],
    });
    expect(odd.status).toBe(400);
    const unknown = await t.rest("GET", "/v2/whatever");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.status).toBe("NOT_FOUND");
  });

  it("the lite SDK surfaces error codes", async () => {
    const db = t.client();
    // Visitors are denied without rules here (the official emulator would allow them).
    if (t.engine)
      await expect(getDoc(doc(db, "e/x"))).rejects.toMatchObject({ code: "permission-denied" });
  });
});

describe("encodings", () => {
  it("accepts NaN/Infinity strings and numeric integerValues in requests", async () => {
    const reply = await t.rest("PATCH", `/v1/${t.root}/enc/a`, {
      fields: {
        nan: { doubleValue: "NaN" },
        inf: { doubleValue: "-Infinity" },
        int: { integerValue: 12 },
        time: { timestampValue: "2024-01-02T03:04:05.100+01:00" },
        geo: { geoPointValue: { latitude: 10 } },
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.fields).toEqual({
      nan: { doubleValue: "NaN" },
      inf: { doubleValue: "-Infinity" },
      int: { integerValue: "12" },
      time: { timestampValue: "2024-01-02T02:04:05.100Z" },
      geo: { geoPointValue: { latitude: 10, longitude: 0 } },
    });
    const query = await t.rest("POST", `/v1/${t.root}:runQuery`, {
      structuredQuery: {
        from: [{ collectionId: "enc" }],
        where: { unaryFilter: { op: "IS_NAN", field: { fieldPath: "nan" } } },
      },
    });
    expect(query.body[0].document.name).toBe(`${t.root}/enc/a`);
    const snap = await getDoc(doc(t.admin, "enc/a"));
    expect((snap.get("time") as Timestamp).toDate().toISOString()).toBe("2024-01-02T02:04:05.100Z");
  });
});

describe("listing", () => {
  beforeAll(async () => {
    const batch = writeBatch(t.admin);
    for (const [id, n] of [
      ["a", 3],
      ["b", 1],
      ["c", 2],
      ["d", 5],
      ["e", 4],
    ] as const) {
      batch.set(doc(t.admin, "list", id), { n, extra: "x" });
    }
    batch.set(doc(t.admin, "list/ghost/sub/s1"), { v: 1 });
    batch.set(doc(t.admin, "list/a/one/x"), { v: 1 });
    batch.set(doc(t.admin, "list/a/two/y/deeper/z"), { v: 1 });
    await batch.commit();
  });

  it("pages through documents with page tokens", async () => {
    const first = await t.rest("GET", `/v1/${t.root}/list?pageSize=2`);
    expect(first.body.documents.map((d: { name: string }) => d.name.split("/").pop())).toEqual([
      "a",
      "b",
    ]);
    expect(first.body.nextPageToken).toBeTypeOf("string");
    const second = await t.rest(
      "GET",
      `/v1/${t.root}/list?pageSize=2&pageToken=${first.body.nextPageToken}`,
    );
    expect(second.body.documents.map((d: { name: string }) => d.name.split("/").pop())).toEqual([
      "c",
      "d",
    ]);
    const third = await t.rest(
      "GET",
      `/v1/${t.root}/list?pageSize=2&pageToken=${second.body.nextPageToken}`,
    );
    expect(third.body.documents).toHaveLength(1);
    expect(third.body.nextPageToken).toBeUndefined();
  });

  it("orders and masks listed documents", async () => {
    const reply = await t.rest(
      "GET",
      `/v1/${t.root}/list?orderBy=${encodeURIComponent("n desc")}&mask.fieldPaths=n`,
    );
    expect(reply.body.documents.map((d: { name: string }) => d.name.split("/").pop())).toEqual([
      "d",
      "e",
      "a",
      "c",
      "b",
    ]);
    expect(reply.body.documents[0].fields).toEqual({ n: { integerValue: "5" } });
  });

  it("shows missing documents that only have subcollections", async () => {
    const reply = await t.rest("GET", `/v1/${t.root}/list?showMissing=true`);
    const ghost = reply.body.documents.find((d: { name: string }) => d.name.endsWith("/ghost"));
    expect(ghost).toBeDefined();
    expect(ghost.createTime).toBeUndefined();
    const plain = await t.rest("GET", `/v1/${t.root}/list`);
    expect(plain.body.documents.some((d: { name: string }) => d.name.endsWith("/ghost"))).toBe(
      false,
    );
  });

  it("lists collection ids of a document with pagination", async () => {
    const all = await t.rest("POST", `/v1/${t.root}/list/a:listCollectionIds`, {});
    expect(all.body.collectionIds).toEqual(["one", "two"]);
    const page = await t.rest("POST", `/v1/${t.root}/list/a:listCollectionIds`, { pageSize: 1 });
    expect(page.body.collectionIds).toEqual(["one"]);
    const next = await t.rest("POST", `/v1/${t.root}/list/a:listCollectionIds`, {
      pageSize: 1,
      pageToken: page.body.nextPageToken,
    });
    expect(next.body.collectionIds).toEqual(["two"]);
  });
});

describe("document ids that need URL encoding", () => {
  it("round-trip through URLs and queries", async () => {
    const ids = ["héllo wörld", "a:b", "%41", "x?y#z", "runQuery:commit", "ends:commit"];
    for (const id of ids) await setDoc(doc(t.admin, "weird", id, "sub", "s"), { id });
    for (const id of ids) {
      const sub = await getDocs(collection(t.admin, "weird", id, "sub"));
      expect(sub.docs.map((d) => d.get("id"))).toEqual([id]);
      const raw = await t.rest("GET", `/v1/${t.root}/weird/${encodeURIComponent(id)}/sub/s`);
      expect(raw.body.fields.id).toEqual({ stringValue: id });
    }
    // An unencoded colon before a method name is the method, as in Google's URL scheme.
    const rpc = await t.rest("GET", `/v1/${t.root}/weird/x/sub/ends:commit`);
    expect(rpc.status).toBe(404);
    const encoded = await t.rest("GET", `/v1/${t.root}/weird/ends%3Acommit/sub/s`);
    expect(encoded.status).toBe(200);
  });
});

describe("projects are isolated", () => {
  it("another project id sees none of this project's data", async () => {
    await setDoc(doc(t.admin, "iso/a"), { v: 1 });
    const other = await t.rest(
      "GET",
      `/v1/projects/${t.projectId}-other/databases/(default)/documents/iso/a`,
    );
    expect(other.status).toBe(404);
    const named = await t.rest(
      "GET",
      `/v1/projects/${t.projectId}/databases/second/documents/iso/a`,
    );
    expect(named.status).toBe(404);
  });
});

describe("persistence", () => {
  it("exports to readable JSON and imports into a fresh engine", async () => {
    if (!t.engine) return; // export/import are in-process APIs
    const db = t.admin;
    await setDoc(doc(db, "saved/one"), {
      n: 1,
      nan: NaN,
      when: new Timestamp(5, 6000),
      nested: { list: [1, "x"] },
    });
    await setDoc(doc(db, "saved/one/sub/two"), { ok: true });
    const dir = await mkdtemp(join(tmpdir(), "firestore-export-"));
    try {
      await t.engine.exportTo(dir);
      const files = (await readdir(dir)).filter((f) => f.endsWith(".json"));
      expect(files.length).toBeGreaterThan(0);
      const text = await readFile(
        join(
          dir,
          files.find((f) => f.includes(t.projectId))!,
        ),
        "utf8",
      );
      expect(JSON.parse(text).documents.length).toBeGreaterThan(0);
      expect(text).toContain('"NaN"');
      expect((await readdir(dir)).some((f) => f.endsWith(".tmp"))).toBe(false);

      const engine = new FirestoreEngine();
      await engine.importFrom(dir);
      const server = createServer(createFirestoreRestHandler(engine));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const app = initializeApp({ projectId: t.projectId }, `import-${Date.now()}`);
      try {
        const restored = getFirestore(app);
        connectFirestoreEmulator(restored, "127.0.0.1", (server.address() as AddressInfo).port, {
          mockUserToken: "owner",
        });
        const snap = await getDoc(doc(restored, "saved/one"));
        expect(snap.get("n")).toBe(1);
        expect(snap.get("nan")).toBeNaN();
        expect((snap.get("when") as Timestamp).isEqual(new Timestamp(5, 6000))).toBe(true);
        expect(snap.get("nested")).toEqual({ list: [1, "x"] });
        expect((await getDoc(doc(restored, "saved/one/sub/two"))).get("ok")).toBe(true);
        const original = await t.rest("GET", `/v1/${t.root}/saved/one`);
        const copy = await fetch(
          `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/${t.root}/saved/one`,
          { headers: { Authorization: "Bearer owner" } },
        ).then((r) => r.json() as Promise<{ updateTime: string; createTime: string }>);
        expect(copy.updateTime).toBe(original.body.updateTime);
        expect(copy.createTime).toBe(original.body.createTime);
        const q = await getDocs(
          query(collection(restored, "list"), where("n", ">", 3), orderBy("n")),
        );
        expect(q.docs.map((d) => d.id)).toEqual(["e", "d"]);
      } finally {
        await deleteApp(app);
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
