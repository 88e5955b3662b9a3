/** Documents through the lite web SDK: CRUD, masks, transforms, preconditions, batches, errors. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Bytes,
  GeoPoint,
  Timestamp,
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  increment,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
} from "firebase/firestore/lite";
import { startTarget, type Target } from "./firestore-harness.js";

let t: Target;
let db: Firestore;

beforeAll(async () => {
  t = await startTarget("documents");
  db = t.admin;
});
afterAll(() => t.close());

describe("create, read, update, delete", () => {
  it("round-trips a document and maintains create/update times", async () => {
    const ref = doc(db, "people/ada");
    await setDoc(ref, { name: "Ada", born: 1815 });
    const snap = await getDoc(ref);
    expect(snap.exists()).toBe(true);
    expect(snap.data()).toEqual({ name: "Ada", born: 1815 });

    const first = await t.rest("GET", `/v1/${t.root}/people/ada`);
    expect(first.status).toBe(200);
    expect(first.body.createTime).toBe(first.body.updateTime);
    await updateDoc(ref, { born: 1816 });
    const second = await t.rest("GET", `/v1/${t.root}/people/ada`);
    expect(second.body.createTime).toBe(first.body.createTime);
    expect(Date.parse(second.body.updateTime)).toBeGreaterThanOrEqual(
      Date.parse(first.body.updateTime),
    );
    expect(second.body.updateTime).not.toBe(first.body.updateTime);
    expect(second.body.fields.born).toEqual({ integerValue: "1816" });
  });

  it("reports a missing document", async () => {
    const snap = await getDoc(doc(db, "people/nobody"));
    expect(snap.exists()).toBe(false);
    const reply = await t.rest("GET", `/v1/${t.root}/people/nobody`);
    expect(reply.status).toBe(404);
    expect(reply.body.error.status).toBe("NOT_FOUND");
    expect(reply.body.error.code).toBe(404);
  });

  it("creates documents with 20-character auto ids", async () => {
    const ref = await addDoc(collection(db, "auto"), { n: 1 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    const created = await t.rest("POST", `/v1/${t.root}/auto`, {
      fields: { n: { integerValue: "2" } },
    });
    expect(created.status).toBe(200);
    expect(created.body.name).toMatch(
      new RegExp(`^${t.root.replace(/[()]/g, "\\$&")}/auto/[A-Za-z0-9]{20}$`),
    );
    expect(created.body.fields.n).toEqual({ integerValue: "2" });
  });

  it("creates with a chosen id and refuses to create twice", async () => {
    const first = await t.rest("POST", `/v1/${t.root}/named?documentId=x1`, { fields: {} });
    expect(first.status).toBe(200);
    const again = await t.rest("POST", `/v1/${t.root}/named?documentId=x1`, { fields: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.status).toBe("ALREADY_EXISTS");
    expect(again.body.error.message).toBe(`Document already exists: ${t.root}/named/x1`);
  });

  it("merges with setDoc({merge}) and deletes fields", async () => {
    const ref = doc(db, "merge/m1");
    await setDoc(ref, { a: 1, nested: { x: 1, y: 2 } });
    await setDoc(ref, { b: 2, nested: { y: 3 } }, { merge: true });
    expect((await getDoc(ref)).data()).toEqual({ a: 1, b: 2, nested: { x: 1, y: 3 } });
    await updateDoc(ref, { "nested.x": deleteField(), a: deleteField() });
    expect((await getDoc(ref)).data()).toEqual({ b: 2, nested: { y: 3 } });
  });

  it("updates dotted and backquoted field paths", async () => {
    const ref = doc(db, "paths/p1");
    await setDoc(ref, { "a.b": 1, a: { b: 2 } });
    await updateDoc(ref, { "a.b": 5 });
    expect((await getDoc(ref)).data()).toEqual({ "a.b": 1, a: { b: 5 } });
    const reply = await t.rest(
      "PATCH",
      `/v1/${t.root}/paths/p1?updateMask.fieldPaths=${encodeURIComponent("`a.b`")}`,
      { fields: { "a.b": { stringValue: "quoted" } } },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.fields["a.b"]).toEqual({ stringValue: "quoted" });
    expect(reply.body.fields.a).toEqual({ mapValue: { fields: { b: { integerValue: "5" } } } });
  });

  it("returns only masked fields", async () => {
    await t.rest("PATCH", `/v1/${t.root}/masked/m`, {
      fields: {
        a: { integerValue: "1" },
        b: { mapValue: { fields: { c: { booleanValue: true }, d: { nullValue: null } } } },
      },
    });
    const reply = await t.rest("GET", `/v1/${t.root}/masked/m?mask.fieldPaths=b.c`);
    expect(reply.body.fields).toEqual({
      b: { mapValue: { fields: { c: { booleanValue: true } } } },
    });
  });

  it("deletes documents, deleting a missing one is fine", async () => {
    const ref = doc(db, "gone/g1");
    await setDoc(ref, { x: 1 });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
    await expect(deleteDoc(ref)).resolves.toBeUndefined();
  });

  it("rejects updateDoc on a missing document with NOT_FOUND", async () => {
    await expect(updateDoc(doc(db, "people/ghost"), { a: 1 })).rejects.toMatchObject({
      code: "not-found",
    });
    const reply = await t.rest("PATCH", `/v1/${t.root}/people/ghost?currentDocument.exists=true`, {
      fields: {},
    });
    expect(reply.status).toBe(404);
    expect(reply.body.error.message).toBe(`No document to update: ${t.root}/people/ghost`);
  });
});

describe("transforms", () => {
  it("serverTimestamp writes the commit time", async () => {
    const ref = doc(db, "tx/server-time");
    const before = Date.now();
    await setDoc(ref, { at: serverTimestamp() });
    const at = (await getDoc(ref)).get("at") as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    expect(at.toMillis()).toBeGreaterThanOrEqual(before - 1000);
    const raw = await t.rest("GET", `/v1/${t.root}/tx/server-time`);
    expect(raw.body.fields.at.timestampValue).toBe(raw.body.updateTime);
  });

  it("increment keeps integers integral and mixes to double", async () => {
    const ref = doc(db, "tx/counter");
    await setDoc(ref, { i: 1, d: 1.5, s: "text" });
    await updateDoc(ref, {
      i: increment(2),
      d: increment(1),
      s: increment(3),
      missing: increment(4),
    });
    const raw = await t.rest("GET", `/v1/${t.root}/tx/counter`);
    expect(raw.body.fields.i).toEqual({ integerValue: "3" });
    expect(raw.body.fields.d).toEqual({ doubleValue: 2.5 });
    expect(raw.body.fields.s).toEqual({ integerValue: "3" });
    expect(raw.body.fields.missing).toEqual({ integerValue: "4" });
    await updateDoc(ref, { i: increment(0.5) });
    expect((await t.rest("GET", `/v1/${t.root}/tx/counter`)).body.fields.i).toEqual({
      doubleValue: 3.5,
    });
  });

  it("arrayUnion and arrayRemove compare numbers across int and double", async () => {
    const ref = doc(db, "tx/arrays");
    await setDoc(ref, { tags: ["a", 1, 2] });
    await updateDoc(ref, { tags: arrayUnion("b", "a", 1.0, 3) });
    expect((await getDoc(ref)).get("tags")).toEqual(["a", 1, 2, "b", 3]);
    await updateDoc(ref, { tags: arrayRemove(2.0, "a"), other: arrayUnion("x") });
    expect((await getDoc(ref)).data()).toEqual({ tags: [1, "b", 3], other: ["x"] });
  });

  it("maximum and minimum follow the documented int/double rules", async () => {
    const name = `${t.root}/tx/extremes`;
    await t.rest("PATCH", `/v1/${name}`, {
      fields: {
        a: { integerValue: "3" },
        b: { doubleValue: 3 },
        c: { integerValue: "5" },
        z: { doubleValue: 0 },
      },
    });
    const reply = await t.rest("POST", `/v1/${t.database}/documents:commit`, {
      writes: [
        {
          transform: {
            document: name,
            fieldTransforms: [
              { fieldPath: "a", maximum: { doubleValue: 3.5 } },
              { fieldPath: "b", maximum: { integerValue: "3" } },
              { fieldPath: "c", minimum: { doubleValue: "NaN" } },
              { fieldPath: "z", maximum: { integerValue: "0" } },
              { fieldPath: "n", minimum: { integerValue: "7" } },
            ],
          },
        },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.writeResults[0].transformResults).toEqual([
      { doubleValue: 3.5 },
      { doubleValue: 3 },
      { doubleValue: "NaN" },
      { doubleValue: 0 },
      { integerValue: "7" },
    ]);
    const fields = (await t.rest("GET", `/v1/${name}`)).body.fields;
    expect(fields.a).toEqual({ doubleValue: 3.5 });
    expect(fields.b).toEqual({ doubleValue: 3 }); // equal operands keep the stored value
    expect(fields.c).toEqual({ doubleValue: "NaN" });
    expect(fields.n).toEqual({ integerValue: "7" });
  });

  it("integer increments saturate at the int64 bounds", async () => {
    const name = `${t.root}/tx/big`;
    await t.rest("PATCH", `/v1/${name}`, {
      fields: { n: { integerValue: "9223372036854775800" } },
    });
    await t.rest("POST", `/v1/${t.database}/documents:commit`, {
      writes: [
        {
          transform: {
            document: name,
            fieldTransforms: [{ fieldPath: "n", increment: { integerValue: "100" } }],
          },
        },
      ],
    });
    expect((await t.rest("GET", `/v1/${name}`)).body.fields.n).toEqual({
      integerValue: "9223372036854775807",
    });
  });
});

describe("preconditions", () => {
  it("exists=false creates only once, exists=true requires the document", async () => {
    const name = `${t.root}/pre/p1`;
    const commit = (currentDocument: unknown) =>
      t.rest("POST", `/v1/${t.database}/documents:commit`, {
        writes: [{ update: { name, fields: { v: { integerValue: "1" } } }, currentDocument }],
      });
    expect((await commit({ exists: true })).status).toBe(404);
    expect((await commit({ exists: false })).status).toBe(200);
    const again = await commit({ exists: false });
    expect(again.status).toBe(409);
    expect(again.body.error.status).toBe("ALREADY_EXISTS");
    expect((await commit({ exists: true })).status).toBe(200);
  });

  it("updateTime must match the stored version", async () => {
    const name = `${t.root}/pre/p2`;
    const created = await t.rest("PATCH", `/v1/${name}`, { fields: { v: { integerValue: "1" } } });
    const ok = await t.rest(
      "PATCH",
      `/v1/${name}?currentDocument.updateTime=${encodeURIComponent(created.body.updateTime)}`,
      { fields: { v: { integerValue: "2" } } },
    );
    expect(ok.status).toBe(200);
    const stale = await t.rest(
      "PATCH",
      `/v1/${name}?currentDocument.updateTime=${encodeURIComponent(created.body.updateTime)}`,
      { fields: { v: { integerValue: "3" } } },
    );
    expect(stale.status).toBe(400);
    expect(stale.body.error.status).toBe("FAILED_PRECONDITION");
    const del = await t.rest("DELETE", `/v1/${name}?currentDocument.exists=false`);
    expect(del.body.error.status).toBe("ALREADY_EXISTS");
  });
});

describe("batched writes", () => {
  it("commits every write of a batch", async () => {
    const batch = writeBatch(db);
    batch.set(doc(db, "batch/a"), { n: 1 });
    batch.set(doc(db, "batch/b"), { n: 2 });
    batch.update(doc(db, "batch/a"), { n: increment(10) });
    await batch.commit();
    expect((await getDoc(doc(db, "batch/a"))).data()).toEqual({ n: 11 });
    expect((await getDoc(doc(db, "batch/b"))).data()).toEqual({ n: 2 });
  });

  it("is atomic: one failing write applies nothing", async () => {
    const batch = writeBatch(db);
    batch.set(doc(db, "atomic/a"), { n: 1 });
    batch.update(doc(db, "atomic/missing"), { n: 2 });
    await expect(batch.commit()).rejects.toMatchObject({ code: "not-found" });
    expect((await getDoc(doc(db, "atomic/a"))).exists()).toBe(false);
  });

  it("batchWrite applies writes independently with a status each", async () => {
    const reply = await t.rest("POST", `/v1/${t.database}/documents:batchWrite`, {
      writes: [
        { update: { name: `${t.root}/bw/a`, fields: { n: { integerValue: "1" } } } },
        { update: { name: `${t.root}/bw/b`, fields: {} }, currentDocument: { exists: true } },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.status[0].code ?? 0).toBe(0);
    expect(reply.body.status[1].code).toBe(5);
    expect(reply.body.writeResults[0].updateTime).toBeTypeOf("string");
    expect((await getDoc(doc(db, "bw/a"))).exists()).toBe(true);
  });
});

describe("batchGet", () => {
  it("reports found and missing documents", async () => {
    await setDoc(doc(db, "bg/one"), { v: 1 });
    const reply = await t.rest("POST", `/v1/${t.database}/documents:batchGet`, {
      documents: [`${t.root}/bg/one`, `${t.root}/bg/two`],
    });
    expect(reply.status).toBe(200);
    const found = reply.body.find((r: { found?: unknown }) => r.found);
    const missing = reply.body.find((r: { missing?: unknown }) => r.missing);
    expect(found.found.fields.v).toEqual({ integerValue: "1" });
    expect(missing.missing).toBe(`${t.root}/bg/two`);
    expect(found.readTime).toBeTypeOf("string");
  });
});

describe("values survive a round trip", () => {
  it("through the SDK", async () => {
    const ref = doc(db, "values/all");
    const data = {
      nul: null,
      yes: true,
      int: 42,
      neg: -7,
      dbl: 3.25,
      nan: NaN,
      inf: Infinity,
      ninf: -Infinity,
      str: "héllo 🌍",
      empty: "",
      bytes: Bytes.fromUint8Array(new Uint8Array([0, 1, 254, 255])),
      time: new Timestamp(1700000000, 123456789),
      geo: new GeoPoint(51.5, -0.12),
      ref: doc(db, "people/ada"),
      arr: [1, "two", { three: 3 }],
      map: { deep: { deeper: [true] } },
      emptyMap: {},
      emptyArr: [],
    };
    await setDoc(ref, data);
    const got = (await getDoc(ref)).data()!;
    expect(got.nul).toBeNull();
    expect(got.yes).toBe(true);
    expect(got.int).toBe(42);
    expect(got.neg).toBe(-7);
    expect(got.dbl).toBe(3.25);
    expect(got.nan).toBeNaN();
    expect(got.inf).toBe(Infinity);
    expect(got.ninf).toBe(-Infinity);
    expect(got.str).toBe("héllo 🌍");
    expect(got.empty).toBe("");
    expect((got.bytes as Bytes).toUint8Array()).toEqual(new Uint8Array([0, 1, 254, 255]));
    // Firestore keeps microseconds; the nanoseconds below are truncated.
    expect((got.time as Timestamp).isEqual(new Timestamp(1700000000, 123456000))).toBe(true);
    expect((got.geo as GeoPoint).isEqual(new GeoPoint(51.5, -0.12))).toBe(true);
    expect(got.ref.path).toBe("people/ada");
    expect(got.arr).toEqual([1, "two", { three: 3 }]);
    expect(got.map).toEqual({ deep: { deeper: [true] } });
    expect(got.emptyMap).toEqual({});
    expect(got.emptyArr).toEqual([]);
  });

  it("in the REST encoding", async () => {
    const raw = await t.rest("GET", `/v1/${t.root}/values/all`);
    expect(raw.body.fields.int).toEqual({ integerValue: "42" });
    expect(raw.body.fields.nan).toEqual({ doubleValue: "NaN" });
    expect(raw.body.fields.inf).toEqual({ doubleValue: "Infinity" });
    expect(raw.body.fields.ninf).toEqual({ doubleValue: "-Infinity" });
    expect(raw.body.fields.time).toEqual({ timestampValue: "2023-11-14T22:13:20.123456Z" });
    expect(raw.body.fields.bytes).toEqual({ bytesValue: "AAH+/w==" });
    expect(raw.body.fields.ref).toEqual({ referenceValue: `${t.root}/people/ada` });
  });

  it("large integers keep 64-bit precision", async () => {
    const name = `${t.root}/values/big`;
    await t.rest("PATCH", `/v1/${name}`, {
      fields: { n: { integerValue: "-9223372036854775808" } },
    });
    expect((await t.rest("GET", `/v1/${name}`)).body.fields.n).toEqual({
      integerValue: "-9223372036854775808",
    });
    const tooBig = await t.rest("PATCH", `/v1/${name}`, {
      fields: { n: { integerValue: "9223372036854775808" } },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("documents are limited to 1 MiB and 20 levels of nesting", async () => {
    const big = await t.rest("PATCH", `/v1/${t.root}/values/huge`, {
      fields: { s: { stringValue: "x".repeat(1_048_576) } },
    });
    expect(big.status).toBe(400);
    expect(big.body.error.status).toBe("INVALID_ARGUMENT");
    let deep: unknown = { integerValue: "1" };
    for (let i = 0; i < 21; i++) deep = { mapValue: { fields: { d: deep } } };
    const tooDeep = await t.rest("PATCH", `/v1/${t.root}/values/deep`, { fields: { d: deep } });
    expect(tooDeep.status).toBe(400);
    const fits = await t.rest("PATCH", `/v1/${t.root}/values/fits`, {
      fields: { s: { stringValue: "x".repeat(1_000_000) } },
    });
    expect(fits.status).toBe(200);
  });
});
