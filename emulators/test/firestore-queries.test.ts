/** Structured queries and aggregations through the lite web SDK (and REST where lite can't). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Bytes,
  FieldPath,
  GeoPoint,
  Timestamp,
  and,
  average,
  collection,
  collectionGroup,
  count,
  doc,
  documentId,
  endAt,
  endBefore,
  getAggregate,
  getCount,
  getDocs,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  startAfter,
  startAt,
  sum,
  vector,
  where,
  writeBatch,
  type Firestore,
  type Query,
} from "firebase/firestore/lite";
import { startTarget, type Target } from "./firestore-harness.js";

let t: Target;
let db: Firestore;

const ids = async (q: Query) => (await getDocs(q)).docs.map((d) => d.id);

const CITIES = [
  {
    id: "sf",
    name: "San Francisco",
    state: "CA",
    population: 860000,
    tags: ["west", "coast"],
    rank: 3,
  },
  {
    id: "la",
    name: "Los Angeles",
    state: "CA",
    population: 3900000,
    tags: ["west", "coast", "big"],
    rank: 1,
  },
  { id: "dc", name: "Washington", state: null, population: 680000, tags: ["east"], rank: 5 },
  { id: "tok", name: "Tokyo", state: "TK", population: 9000000, tags: ["big"], rank: 2.5 },
  { id: "bj", name: "Beijing", state: "BJ", population: 21500000, tags: ["big"] },
  { id: "nan", name: "Nowhere", state: "XX", population: NaN, tags: [] },
];

beforeAll(async () => {
  t = await startTarget("queries");
  db = t.admin;
  const batch = writeBatch(db);
  for (const { id, ...data } of CITIES) batch.set(doc(db, "cities", id), data);
  // Collection group members at several depths, plus a same-named collection elsewhere.
  batch.set(doc(db, "cities/sf/landmarks/bridge"), { name: "Golden Gate", type: "bridge" });
  batch.set(doc(db, "cities/la/landmarks/griffith"), { name: "Griffith", type: "museum" });
  batch.set(doc(db, "cities/tok/landmarks/tower"), { name: "Tokyo Tower", type: "tower" });
  batch.set(doc(db, "other/x/deep/y/landmarks/z"), { name: "Deep", type: "bridge" });
  await batch.commit();
});
afterAll(() => t.close());

const cities = () => collection(db, "cities");

describe("field filters", () => {
  it("== and != (which excludes null and missing)", async () => {
    expect(await ids(query(cities(), where("state", "==", "CA")))).toEqual(["la", "sf"]);
    expect(await ids(query(cities(), where("state", "!=", "CA")))).toEqual(["bj", "tok", "nan"]);
  });

  it("range filters order by the inequality field implicitly", async () => {
    expect(await ids(query(cities(), where("population", ">", 1000000)))).toEqual([
      "la",
      "tok",
      "bj",
    ]);
    expect(await ids(query(cities(), where("population", ">=", 860000)))).toEqual([
      "sf",
      "la",
      "tok",
      "bj",
    ]);
    expect(await ids(query(cities(), where("population", "<", 860000)))).toEqual(["nan", "dc"]);
    expect(await ids(query(cities(), where("population", "<=", 860000)))).toEqual([
      "nan",
      "dc",
      "sf",
    ]);
  });

  it("ranges only match values of the same type", async () => {
    expect(await ids(query(cities(), where("name", ">=", "T")))).toEqual(["tok", "dc"]);
    expect(await ids(query(cities(), where("rank", ">", 2)))).toEqual(["tok", "sf", "dc"]);
  });

  it("array-contains and array-contains-any", async () => {
    expect(await ids(query(cities(), where("tags", "array-contains", "coast")))).toEqual([
      "la",
      "sf",
    ]);
    expect(
      await ids(query(cities(), where("tags", "array-contains-any", ["east", "big"]))),
    ).toEqual(["bj", "dc", "la", "tok"]);
  });

  it("in and not-in", async () => {
    expect(await ids(query(cities(), where("state", "in", ["CA", "TK"])))).toEqual([
      "la",
      "sf",
      "tok",
    ]);
    expect(await ids(query(cities(), where("state", "not-in", ["CA", "TK"])))).toEqual([
      "bj",
      "nan",
    ]);
    expect(await ids(query(cities(), where("rank", "in", [1.0, 5])))).toEqual(["dc", "la"]);
  });

  it("null and NaN equality become unary filters", async () => {
    expect(await ids(query(cities(), where("state", "==", null)))).toEqual(["dc"]);
    expect(await ids(query(cities(), where("population", "==", NaN)))).toEqual(["nan"]);
    expect(await ids(query(cities(), where("state", "!=", null)))).toEqual([
      "bj",
      "la",
      "sf",
      "tok",
      "nan",
    ]);
    expect(await ids(query(cities(), where("population", "!=", NaN)))).toEqual([
      "dc",
      "sf",
      "la",
      "tok",
      "bj",
    ]);
  });

  it("NaN in in / not-in lists, and equality across int and double", async () => {
    expect(await ids(query(cities(), where("population", "in", [NaN, 680000])))).toEqual([
      "dc",
      "nan",
    ]);
    expect(await ids(query(cities(), where("population", "not-in", [NaN])))).toEqual([
      "dc",
      "sf",
      "la",
      "tok",
      "bj",
    ]);
    const run = (value: unknown) =>
      t.rest("POST", `/v1/${t.root}:runQuery`, {
        structuredQuery: {
          from: [{ collectionId: "cities" }],
          where: { fieldFilter: { field: { fieldPath: "rank" }, op: "EQUAL", value } },
        },
      });
    const asDouble = await run({ doubleValue: 1 });
    expect(
      asDouble.body.map((r: { document: { name: string } }) => r.document.name.split("/").pop()),
    ).toEqual(["la"]);
    const asInt = await run({ integerValue: "5" });
    expect(asInt.body[0].document.fields.rank).toEqual({ integerValue: "5" });
  });

  it("filters on nested fields and on document ids", async () => {
    const batch = writeBatch(db);
    batch.set(doc(db, "nested/a"), { info: { level: { depth: 2 } }, "odd key": { x: 1 } });
    batch.set(doc(db, "nested/b"), { info: { level: { depth: 3 } } });
    batch.set(doc(db, "nested/c"), { info: "flat" });
    await batch.commit();
    expect(await ids(query(collection(db, "nested"), where("info.level.depth", "==", 2)))).toEqual([
      "a",
    ]);
    expect(await ids(query(collection(db, "nested"), where("info.level.depth", ">", 1)))).toEqual([
      "a",
      "b",
    ]);
    expect(
      await ids(query(collection(db, "nested"), where(new FieldPath("odd key", "x"), "==", 1))),
    ).toEqual(["a"]);
    expect(await ids(query(cities(), where(documentId(), ">=", "sf")))).toEqual(["sf", "tok"]);
    expect(await ids(query(cities(), where(documentId(), "in", ["dc", "bj", "zz"])))).toEqual([
      "bj",
      "dc",
    ]);
    expect(
      await ids(query(cities(), where(documentId(), "not-in", ["dc", "bj", "la", "sf"]))),
    ).toEqual(["nan", "tok"]);
  });
});

describe("composite filters", () => {
  it("AND across fields", async () => {
    expect(
      await ids(query(cities(), where("state", "==", "CA"), where("population", ">", 1000000))),
    ).toEqual(["la"]);
  });

  it("OR and nested AND/OR", async () => {
    expect(
      await ids(query(cities(), or(where("state", "==", "TK"), where("rank", "==", 5)))),
    ).toEqual(["dc", "tok"]);
    expect(
      await ids(
        query(
          cities(),
          or(
            and(where("state", "==", "CA"), where("rank", "<", 2)),
            and(where("tags", "array-contains", "big"), where("state", "==", "BJ")),
          ),
        ),
      ),
      // "bj" matches the second branch but has no `rank`: the inequality on rank orders the
      // query by rank implicitly, and documents without an ordered field are excluded.
    ).toEqual(["la"]);
    expect(
      await ids(
        query(
          cities(),
          or(
            and(where("state", "==", "CA"), where("rank", "==", 1)),
            and(where("tags", "array-contains", "big"), where("state", "==", "BJ")),
          ),
        ),
      ),
    ).toEqual(["bj", "la"]);
  });

  it("multiple inequality fields order by each of them", async () => {
    expect(
      await ids(query(cities(), where("population", ">", 700000), where("rank", "<", 4))),
    ).toEqual(["sf", "la", "tok"]);
  });
});

describe("ordering, cursors and limits", () => {
  it("orders ascending and descending and excludes documents missing the field", async () => {
    expect(await ids(query(cities(), orderBy("rank")))).toEqual(["la", "tok", "sf", "dc"]);
    expect(await ids(query(cities(), orderBy("rank", "desc")))).toEqual(["dc", "sf", "tok", "la"]);
    expect(await ids(query(cities(), orderBy("state"), orderBy("population", "desc")))).toEqual([
      "dc",
      "bj",
      "la",
      "sf",
      "tok",
      "nan",
    ]);
  });

  it("startAt / startAfter / endAt / endBefore", async () => {
    const byPop = query(cities(), orderBy("population"));
    expect(await ids(query(byPop, startAt(860000)))).toEqual(["sf", "la", "tok", "bj"]);
    expect(await ids(query(byPop, startAfter(860000)))).toEqual(["la", "tok", "bj"]);
    expect(await ids(query(byPop, endAt(860000)))).toEqual(["nan", "dc", "sf"]);
    expect(await ids(query(byPop, endBefore(860000)))).toEqual(["nan", "dc"]);
    expect(await ids(query(byPop, startAfter(680000), endBefore(9000000)))).toEqual(["sf", "la"]);
  });

  it("cursors from a snapshot include the document name", async () => {
    const byState = query(cities(), orderBy("state"));
    const all = await getDocs(byState);
    const la = all.docs.find((d) => d.id === "la")!;
    expect(await ids(query(byState, startAfter(la)))).toEqual(["sf", "tok", "nan"]);
    expect(await ids(query(byState, startAt(la), limit(2)))).toEqual(["la", "sf"]);
  });

  it("limit and limitToLast", async () => {
    expect(await ids(query(cities(), orderBy("population"), limit(2)))).toEqual(["nan", "dc"]);
    expect(await ids(query(cities(), orderBy("population"), limitToLast(2)))).toEqual([
      "tok",
      "bj",
    ]);
    expect(
      await ids(query(cities(), orderBy("population"), endBefore(21500000), limitToLast(2))),
    ).toEqual(["la", "tok"]);
  });

  it("orders every type by Firestore's cross-type order", async () => {
    const batch = writeBatch(db);
    const values: [string, unknown][] = [
      ["m", { a: 1 }],
      ["l", vector([1, 2])],
      ["k", [1, 2]],
      ["j", new GeoPoint(1, 2)],
      ["i", doc(db, "cities/sf")],
      ["h", Bytes.fromUint8Array(new Uint8Array([1]))],
      ["g", "text"],
      ["f", new Timestamp(1, 0)],
      ["e", 2],
      ["d", 1.5],
      ["c", NaN],
      ["b", false],
      ["a", null],
    ];
    for (const [id, v] of values) batch.set(doc(db, "mixed", id), { v });
    await batch.commit();
    expect(await ids(query(collection(db, "mixed"), orderBy("v")))).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
      "g",
      "h",
      "i",
      "j",
      "k",
      "l",
      "m",
    ]);
    expect(await ids(query(collection(db, "mixed"), orderBy("v", "desc")))).toEqual([
      "m",
      "l",
      "k",
      "j",
      "i",
      "h",
      "g",
      "f",
      "e",
      "d",
      "c",
      "b",
      "a",
    ]);
  });

  it("orders values within each type", async () => {
    const cases: Record<string, unknown[]> = {
      time: [
        new Timestamp(-5, 0),
        new Timestamp(0, 1000),
        new Timestamp(0, 2000),
        new Timestamp(9, 0),
      ],
      bytes: [[1], [1, 0], [2], [255]].map((b) => Bytes.fromUint8Array(new Uint8Array(b))),
      ref: ["a/b", "a/b/c/d", "a0/x", "b/a"].map((p) => doc(db, p)),
      geo: [new GeoPoint(-1, 5), new GeoPoint(1, 2), new GeoPoint(1, 3), new GeoPoint(2, 0)],
      arr: [[], [1, 2], [1, 2, 0], [1, 3]],
      map: [{}, { a: 1 }, { a: 1, b: 0 }, { a: 2 }, { b: 0 }],
      vec: [vector([9]), vector([1, 2]), vector([1, 3])],
      bool: [false, true],
    };
    for (const [field, values] of Object.entries(cases)) {
      const batch = writeBatch(db);
      // Written in reverse so that document order cannot explain the result.
      values.forEach((v, i) =>
        batch.set(doc(db, `within-${field}`, `d${values.length - i}`), { v }),
      );
      await batch.commit();
      const expected = values.map((_, i) => `d${values.length - i}`);
      expect(await ids(query(collection(db, `within-${field}`), orderBy("v"))), field).toEqual(
        expected,
      );
    }
  });

  it("orders strings by UTF-8 bytes and numbers numerically across int and double", async () => {
    const batch = writeBatch(db);
    batch.set(doc(db, "strings/a"), { s: "\uFFFF", n: 2 });
    batch.set(doc(db, "strings/b"), { s: "😀", n: 1.5 });
    batch.set(doc(db, "strings/c"), { s: "Z", n: -1 });
    batch.set(doc(db, "strings/d"), { s: "a", n: 1 });
    await batch.commit();
    // U+FFFF (EF BF BF) sorts before U+1F600 (F0 9F 98 80), unlike UTF-16 order.
    expect(await ids(query(collection(db, "strings"), orderBy("s")))).toEqual(["c", "d", "a", "b"]);
    expect(await ids(query(collection(db, "strings"), orderBy("n")))).toEqual(["c", "d", "b", "a"]);
  });
});

describe("collection groups", () => {
  it("queries every collection with the id", async () => {
    expect(await ids(query(collectionGroup(db, "landmarks"), orderBy("name")))).toEqual([
      "z",
      "bridge",
      "griffith",
      "tower",
    ]);
    expect(
      await ids(query(collectionGroup(db, "landmarks"), where("type", "==", "bridge"))),
    ).toEqual(["bridge", "z"]);
  });

  it("scoped to a parent via REST allDescendants", async () => {
    const reply = await t.rest("POST", `/v1/${t.root}/cities/sf:runQuery`, {
      structuredQuery: { from: [{ collectionId: "landmarks", allDescendants: true }] },
    });
    expect(reply.body.map((r: { document: { name: string } }) => r.document.name)).toEqual([
      `${t.root}/cities/sf/landmarks/bridge`,
    ]);
  });
});

describe("kindless queries (what the Admin SDK's recursiveDelete sends)", () => {
  it("select every descendant of a parent, numeric ids first", async () => {
    const reply = await t.rest("POST", `/v1/${t.root}/other/x:runQuery`, {
      structuredQuery: {
        from: [{ allDescendants: true }],
        select: { fields: [{ fieldPath: "__name__" }] },
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.map((r: { document: { name: string } }) => r.document.name)).toEqual([
      `${t.root}/other/x/deep/y/landmarks/z`,
    ]);
    const bounded = await t.rest("POST", `/v1/${t.root}:runQuery`, {
      structuredQuery: {
        from: [{ allDescendants: true }],
        where: {
          fieldFilter: {
            field: { fieldPath: "__name__" },
            op: "GREATER_THAN_OR_EQUAL",
            value: { referenceValue: `${t.root}/cities/__id-9223372036854775808__` },
          },
        },
        limit: 2,
      },
    });
    expect(
      bounded.body.map((r: { document: { name: string } }) =>
        r.document.name.slice(t.root.length + 1),
      ),
    ).toEqual(["cities/bj", "cities/dc"]);
  });
});

describe("REST-only query features", () => {
  const run = (structuredQuery: unknown) =>
    t.rest("POST", `/v1/${t.root}:runQuery`, { structuredQuery });

  it("offset reports skipped results", async () => {
    const reply = await run({
      from: [{ collectionId: "cities" }],
      orderBy: [{ field: { fieldPath: "population" }, direction: "ASCENDING" }],
      offset: 2,
      limit: 2,
    });
    expect(
      reply.body.map((r: { document: { name: string } }) => r.document.name.split("/").pop()),
    ).toEqual(["sf", "la"]);
    expect(reply.body[0].skippedResults).toBe(2);
  });

  it("select projects fields, __name__ alone projects none", async () => {
    const reply = await run({
      from: [{ collectionId: "cities" }],
      select: { fields: [{ fieldPath: "name" }] },
      where: {
        fieldFilter: { field: { fieldPath: "state" }, op: "EQUAL", value: { stringValue: "TK" } },
      },
    });
    expect(reply.body[0].document.fields).toEqual({ name: { stringValue: "Tokyo" } });
    const names = await run({
      from: [{ collectionId: "cities" }],
      select: { fields: [{ fieldPath: "__name__" }] },
      limit: 1,
    });
    expect(names.body[0].document.fields ?? {}).toEqual({});
  });

  it("an empty result still answers with a read time", async () => {
    const reply = await run({
      from: [{ collectionId: "cities" }],
      where: {
        fieldFilter: { field: { fieldPath: "state" }, op: "EQUAL", value: { stringValue: "none" } },
      },
    });
    expect(reply.body).toHaveLength(1);
    expect(reply.body[0].document).toBeUndefined();
    expect(reply.body[0].readTime).toBeTypeOf("string");
  });

  it("__name__ ordering descending with a reference cursor", async () => {
    const reply = await run({
      from: [{ collectionId: "cities" }],
      orderBy: [{ field: { fieldPath: "__name__" }, direction: "DESCENDING" }],
      startAt: { values: [{ referenceValue: `${t.root}/cities/la` }], before: false },
    });
    expect(
      reply.body.map((r: { document: { name: string } }) => r.document.name.split("/").pop()),
    ).toEqual(["dc", "bj"]);
  });

  it("rejects malformed queries", async () => {
    const noFrom = await run({});
    expect(noFrom.status).toBe(400);
    expect(noFrom.body.error.status).toBe("INVALID_ARGUMENT");
    const emptyIn = await run({
      from: [{ collectionId: "cities" }],
      where: { fieldFilter: { field: { fieldPath: "a" }, op: "IN", value: { arrayValue: {} } } },
    });
    expect(emptyIn.status).toBe(400);
    const badOp = await run({
      from: [{ collectionId: "cities" }],
      where: { fieldFilter: { field: { fieldPath: "a" }, op: "LIKE", value: { nullValue: null } } },
    });
    expect(badOp.status).toBe(400);
    const notInWithNotEqual = await run({
      from: [{ collectionId: "cities" }],
      where: {
        compositeFilter: {
          op: "AND",
          filters: [
            {
              fieldFilter: {
                field: { fieldPath: "a" },
                op: "NOT_IN",
                value: { arrayValue: { values: [{ integerValue: "1" }] } },
              },
            },
            {
              fieldFilter: {
                field: { fieldPath: "b" },
                op: "NOT_EQUAL",
                value: { integerValue: "2" },
              },
            },
          ],
        },
      },
    });
    expect(notInWithNotEqual.status).toBe(400);
    const elevenNotIn = await run({
      from: [{ collectionId: "cities" }],
      where: {
        fieldFilter: {
          field: { fieldPath: "a" },
          op: "NOT_IN",
          value: {
            arrayValue: {
              values: Array.from({ length: 11 }, (_, i) => ({ integerValue: String(i) })),
            },
          },
        },
      },
    });
    expect(elevenNotIn.body.error.status).toBe("INVALID_ARGUMENT");
  });
});

describe("aggregations", () => {
  it("count", async () => {
    expect((await getCount(cities())).data().count).toBe(6);
    expect((await getCount(query(cities(), where("state", "==", "CA")))).data().count).toBe(2);
    expect((await getCount(query(cities(), limit(3)))).data().count).toBe(3);
  });

  it("sum and average over numeric values only", async () => {
    const snap = await getAggregate(query(cities(), where("state", "in", ["CA", "TK"])), {
      total: sum("population"),
      mean: average("population"),
      ranks: sum("rank"),
      n: count(),
    });
    expect(snap.data()).toEqual({ total: 13760000, mean: 13760000 / 3, ranks: 6.5, n: 3 });
    const none = await getAggregate(query(cities(), where("state", "==", "none")), {
      total: sum("population"),
      mean: average("population"),
    });
    expect(none.data()).toEqual({ total: 0, mean: null });
    const withNaN = await getAggregate(cities(), { total: sum("population") });
    expect(withNaN.data().total).toBeNaN();
  });

  it("integer sums stay integers; count honours up_to (REST)", async () => {
    const reply = await t.rest("POST", `/v1/${t.root}:runAggregationQuery`, {
      structuredAggregationQuery: {
        structuredQuery: {
          from: [{ collectionId: "cities" }],
          where: {
            fieldFilter: {
              field: { fieldPath: "state" },
              op: "EQUAL",
              value: { stringValue: "CA" },
            },
          },
        },
        aggregations: [
          { alias: "s", sum: { field: { fieldPath: "population" } } },
          { alias: "a", avg: { field: { fieldPath: "population" } } },
          { alias: "c", count: { upTo: "1" } },
        ],
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body[0].result.aggregateFields).toEqual({
      s: { integerValue: "4760000" },
      a: { doubleValue: 2380000 },
      c: { integerValue: "1" },
    });
    expect(reply.body[0].readTime).toBeTypeOf("string");
  });
});
