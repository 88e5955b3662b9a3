/**
 * Queries and aggregations through the unchanged firebase-admin SDK (RunQuery and
 * RunAggregationQuery over gRPC). FIRESTORE_TARGET=host:port targets another emulator.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteApp, initializeApp } from "firebase-admin/app";
import type { App } from "firebase-admin/app";
import { AggregateField, FieldPath, Filter, getFirestore } from "firebase-admin/firestore";
import type { Firestore, Query } from "firebase-admin/firestore";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";

const projectId = `demo-query-${randomUUID().slice(0, 8)}`;
let emulator: RunningFirestoreEmulator | undefined;
let app: App;
let db: Firestore;

const CITIES = [
  {
    id: "SF",
    name: "San Francisco",
    state: "CA",
    country: "USA",
    pop: 860_000,
    capital: false,
    regions: ["west_coast", "norcal"],
  },
  {
    id: "LA",
    name: "Los Angeles",
    state: "CA",
    country: "USA",
    pop: 3_900_000,
    capital: false,
    regions: ["west_coast", "socal"],
  },
  {
    id: "DC",
    name: "Washington",
    state: null,
    country: "USA",
    pop: 680_000,
    capital: true,
    regions: ["east_coast"],
  },
  {
    id: "TOK",
    name: "Tokyo",
    state: null,
    country: "Japan",
    pop: 9_000_000,
    capital: true,
    regions: ["kanto", "honshu"],
  },
  {
    id: "BJ",
    name: "Beijing",
    state: null,
    country: "China",
    pop: 21_500_000,
    capital: true,
    regions: ["jingjinji", "hebei"],
  },
  {
    id: "SAC",
    name: "Sacramento",
    state: "CA",
    country: "USA",
    pop: 525_000,
    capital: false,
    regions: ["norcal"],
  },
  {
    id: "NAN",
    name: "Nowhere",
    state: "XX",
    country: "Atlantis",
    pop: 0,
    ratio: NaN,
    capital: false,
    regions: [],
  },
];

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = "none";
  const target = process.env.FIRESTORE_TARGET;
  if (!target) emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  process.env.FIRESTORE_EMULATOR_HOST = target ?? `127.0.0.1:${emulator!.port}`;
  app = initializeApp({ projectId }, projectId);
  db = getFirestore(app);

  const batch = db.batch();
  for (const { id, ...city } of CITIES) batch.set(db.collection("cities").doc(id), city);
  batch.set(db.doc("cities/SF/landmarks/golden-gate"), {
    name: "Golden Gate Bridge",
    type: "bridge",
  });
  batch.set(db.doc("cities/SF/landmarks/legion"), { name: "Legion of Honor", type: "museum" });
  batch.set(db.doc("cities/TOK/landmarks/national"), { name: "National Museum", type: "museum" });
  batch.set(db.doc("elsewhere/x/landmarks/y"), { name: "Elsewhere Museum", type: "museum" });
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
  await emulator?.close();
});

const ids = async (query: Query) => (await query.get()).docs.map((d) => d.id);
const cities = () => db.collection("cities");

describe("filters", () => {
  it("compares with ==, !=, <, >= and ranges", async () => {
    expect(await ids(cities().where("state", "==", "CA").orderBy("pop"))).toEqual([
      "SAC",
      "SF",
      "LA",
    ]);
    expect(await ids(cities().where("pop", "<", 700_000).orderBy("pop"))).toEqual([
      "NAN",
      "SAC",
      "DC",
    ]);
    expect(await ids(cities().where("pop", ">=", 9_000_000).orderBy("pop", "desc"))).toEqual([
      "BJ",
      "TOK",
    ]);
    expect(
      await ids(cities().where("pop", ">", 600_000).where("pop", "<", 1_000_000).orderBy("pop")),
    ).toEqual(["DC", "SF"]);
    expect(await ids(cities().where("country", "!=", "USA").orderBy("country"))).toEqual([
      "NAN",
      "BJ",
      "TOK",
    ]);
  });

  it("matches null and NaN", async () => {
    expect((await ids(cities().where("state", "==", null))).sort()).toEqual(["BJ", "DC", "TOK"]);
    expect(await ids(cities().where("ratio", "==", NaN))).toEqual(["NAN"]);
  });

  it("supports in, not-in, array-contains and array-contains-any", async () => {
    expect((await ids(cities().where("country", "in", ["Japan", "China"]))).sort()).toEqual([
      "BJ",
      "TOK",
    ]);
    expect((await ids(cities().where("country", "not-in", ["USA", "Atlantis"]))).sort()).toEqual([
      "BJ",
      "TOK",
    ]);
    expect((await ids(cities().where("regions", "array-contains", "norcal"))).sort()).toEqual([
      "SAC",
      "SF",
    ]);
    expect(
      (await ids(cities().where("regions", "array-contains-any", ["socal", "kanto"]))).sort(),
    ).toEqual(["LA", "TOK"]);
  });

  it("combines filters with Filter.or and Filter.and", async () => {
    const q = cities().where(
      Filter.or(Filter.where("capital", "==", true), Filter.where("pop", "<", 600_000)),
    );
    expect((await ids(q)).sort()).toEqual(["BJ", "DC", "NAN", "SAC", "TOK"]);
    const nested = cities().where(
      Filter.and(
        Filter.where("country", "==", "USA"),
        Filter.or(Filter.where("capital", "==", true), Filter.where("state", "==", "XX")),
      ),
    );
    expect(await ids(nested)).toEqual(["DC"]);
  });

  it("filters on the document id", async () => {
    expect(await ids(cities().where(FieldPath.documentId(), "in", ["LA", "SF", "ZZ"]))).toEqual([
      "LA",
      "SF",
    ]);
    expect(await ids(cities().where(FieldPath.documentId(), ">=", "SAC"))).toEqual([
      "SAC",
      "SF",
      "TOK",
    ]);
  });
});

describe("ordering, cursors and limits", () => {
  it("orders by several fields", async () => {
    expect(await ids(cities().orderBy("country").orderBy("pop", "desc"))).toEqual([
      "NAN",
      "BJ",
      "TOK",
      "LA",
      "SF",
      "DC",
      "SAC",
    ]);
  });

  it("pages with cursors by value and by snapshot", async () => {
    const byPop = cities().where("country", "==", "USA").orderBy("pop");
    expect(await ids(byPop.startAt(680_000))).toEqual(["DC", "SF", "LA"]);
    expect(await ids(byPop.startAfter(680_000))).toEqual(["SF", "LA"]);
    expect(await ids(byPop.endBefore(860_000))).toEqual(["SAC", "DC"]);
    expect(await ids(byPop.endAt(860_000))).toEqual(["SAC", "DC", "SF"]);
    const dc = await cities().doc("DC").get();
    expect(await ids(byPop.startAfter(dc).limit(1))).toEqual(["SF"]);
  });

  it("applies limit, limitToLast and offset", async () => {
    const byPop = cities().where("pop", ">", 0).orderBy("pop");
    expect(await ids(byPop.limit(2))).toEqual(["SAC", "DC"]);
    expect(await ids(byPop.limitToLast(2))).toEqual(["TOK", "BJ"]);
    expect(await ids(byPop.offset(4).limit(1))).toEqual(["TOK"]);
  });

  it("projects fields with select", async () => {
    const snap = await cities().where("state", "==", "CA").select("name").orderBy("name").get();
    expect(snap.docs.map((d) => d.data())).toEqual([
      { name: "Los Angeles" },
      { name: "Sacramento" },
      { name: "San Francisco" },
    ]);
  });
});

describe("collection groups", () => {
  it("queries every collection with the same id", async () => {
    const museums = await db.collectionGroup("landmarks").where("type", "==", "museum").get();
    expect(museums.docs.map((d) => d.ref.path).sort()).toEqual([
      "cities/SF/landmarks/legion",
      "cities/TOK/landmarks/national",
      "elsewhere/x/landmarks/y",
    ]);
  });

  it("stays under the parent of a subcollection query", async () => {
    const sf = await db.collection("cities/SF/landmarks").orderBy("name").get();
    expect(sf.docs.map((d) => d.id)).toEqual(["golden-gate", "legion"]);
  });
});

describe("aggregations", () => {
  it("counts", async () => {
    expect((await cities().count().get()).data().count).toBe(7);
    expect((await cities().where("country", "==", "USA").count().get()).data().count).toBe(4);
    expect((await cities().where("country", "==", "Mars").count().get()).data().count).toBe(0);
  });

  it("sums and averages", async () => {
    const usa = cities().where("country", "==", "USA");
    const result = await usa
      .aggregate({
        total: AggregateField.sum("pop"),
        mean: AggregateField.average("pop"),
        n: AggregateField.count(),
      })
      .get();
    expect(result.data()).toEqual({
      total: 860_000 + 3_900_000 + 680_000 + 525_000,
      mean: (860_000 + 3_900_000 + 680_000 + 525_000) / 4,
      n: 4,
    });
    const none = await cities()
      .where("country", "==", "Mars")
      .aggregate({ total: AggregateField.sum("pop"), mean: AggregateField.average("pop") })
      .get();
    expect(none.data()).toEqual({ total: 0, mean: null });
  });

  it("honours a limit under the aggregation", async () => {
    const limited = await cities().orderBy("pop").limit(3).count().get();
    expect(limited.data().count).toBe(3);
  });
});
