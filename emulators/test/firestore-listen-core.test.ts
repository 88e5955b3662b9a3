/**
 * The transport-independent Listen core in-process: commits that land while a target's first
 * result is still being sent, targets of many streams sharing one evaluation, and the bloom
 * filter of existence filters hashed exactly as the web SDK tests it.
 */
import { describe, expect, it } from "vitest";
import { Integer, Md5 } from "@firebase/webchannel-wrapper/bloom-blob";
import { FirestoreEngine } from "../src/firestore/engine.js";
import { BloomFilter } from "../src/firestore/listen-bloom.js";
import { ListenHub, type ListenResponse } from "../src/firestore/listen.js";
import { ADMIN } from "../src/shared/auth.js";

const database = "projects/demo-core/databases/(default)";
const documents = `${database}/documents`;

const setDoc = (engine: FirestoreEngine, id: string, n: number) =>
  engine.commit(
    database,
    {
      writes: [
        { update: { name: `${documents}/c/${id}`, fields: { n: { integerValue: `${n}` } } } },
      ],
    },
    ADMIN,
  );

const queryTarget = (targetId: number) => ({
  targetId,
  query: { parent: documents, structuredQuery: { from: [{ collectionId: "c" }] } },
});

const isGlobalSnapshot = (r: ListenResponse) =>
  (r.targetChange as { targetIds?: number[] } | undefined)?.targetIds?.length === 0;

/** A stream whose reader can be held back: `send` reports a full buffer while `paused`. */
function stream() {
  const responses: ListenResponse[] = [];
  let paused = false;
  let release: () => void = () => {};
  let onResponse: () => void = () => {};
  return {
    responses,
    pause: () => (paused = true),
    resume: () => {
      paused = false;
      release();
    },
    sink: {
      send(response: ListenResponse) {
        responses.push(response);
        onResponse();
        return !paused;
      },
      drained: () => new Promise<void>((resolve) => (release = resolve)),
    },
    /** Resolves once `count` responses have arrived. */
    received: (count: number) =>
      new Promise<void>((resolve) => {
        onResponse = () => responses.length >= count && resolve();
        onResponse();
      }),
    /** Resolves once `count` global snapshots have arrived. */
    snapshots: (count: number) =>
      new Promise<void>((resolve) => {
        onResponse = () => responses.filter(isGlobalSnapshot).length >= count && resolve();
        onResponse();
      }),
  };
}

const changedValues = (responses: ListenResponse[]) =>
  responses.flatMap((r) => {
    const change = r.documentChange as
      { document: { name: string; fields: { n: { integerValue: string } } } } | undefined;
    return change
      ? [`${change.document.name.split("/").pop()}=${change.document.fields.n.integerValue}`]
      : [];
  });

describe("Listen core", () => {
  it("delivers a commit made while a target's first result is still being sent", async () => {
    const engine = new FirestoreEngine();
    for (const id of ["a", "b", "c"]) await setDoc(engine, id, 1);
    const hub = new ListenHub(engine);
    const s = stream();
    s.pause(); // the client reads slowly: the initial result waits after its first document
    const session = hub.open(ADMIN, s.sink);
    session.request({ database, addTarget: queryTarget(2) });
    await s.received(2); // ADD and the first document
    await setDoc(engine, "b", 2);
    await new Promise((resolve) => setImmediate(resolve)); // the hub's batch is formed
    s.resume();
    await s.snapshots(2);
    expect(changedValues(s.responses)).toEqual(["a=1", "b=1", "c=1", "b=2"]);
    session.close();
  });

  it("evaluates a change once for many streams with the same query and caller", async () => {
    const engine = new FirestoreEngine();
    await setDoc(engine, "a", 1);
    const hub = new ListenHub(engine);
    const streams = Array.from({ length: 50 }, () => stream());
    const sessions = streams.map((s) => hub.open(ADMIN, s.sink));
    sessions.forEach((session) => session.request({ database, addTarget: queryTarget(2) }));
    await Promise.all(streams.map((s) => s.snapshots(1)));
    const queryMatches = engine.queryMatches.bind(engine);
    let evaluations = 0;
    engine.queryMatches = (...args) => {
      evaluations++;
      return queryMatches(...args);
    };
    await setDoc(engine, "a", 2);
    await Promise.all(streams.map((s) => s.snapshots(2)));
    expect(evaluations).toBe(1);
    const changes = streams.map((s) => s.responses.find((r) => changedValues([r])[0] === "a=2"));
    // One document object and one snapshot object for every stream: a transport encodes each once.
    expect(
      new Set(changes.map((r) => (r!.documentChange as { document: object }).document)).size,
    ).toBe(1);
    const snapshots = streams.map((s) => s.responses.filter(isGlobalSnapshot)[1]);
    expect(new Set(snapshots).size).toBe(1);
    sessions.forEach((session) => session.close());
    expect(hub.sessionCount).toBe(0);
  });
});

/** The web SDK's BloomFilter.mightContain (src/remote/bloom_filter.ts), on its own Md5 and Integer. */
function sdkMightContain(bitmap: Uint8Array, padding: number, hashCount: number, name: string) {
  const bitCount = bitmap.length * 8 - padding;
  if (bitCount === 0) return false;
  const md5 = new Md5();
  md5.update(new TextEncoder().encode(name));
  const view = new DataView(new Uint8Array(md5.digest()).buffer);
  const h1 = new Integer([view.getUint32(0, true), view.getUint32(4, true)], 0);
  const h2 = new Integer([view.getUint32(8, true), view.getUint32(12, true)], 0);
  const max = new Integer([0xffffffff, 0xffffffff], 0);
  for (let i = 0; i < hashCount; i++) {
    let hash = h1.add(h2.multiply(Integer.fromNumber(i)));
    if (hash.compare(max) === 1) hash = new Integer([hash.getBits(0), hash.getBits(1)], 0);
    const index = hash.modulo(Integer.fromNumber(bitCount)).toNumber();
    if ((bitmap[Math.floor(index / 8)]! & (1 << (index % 8))) === 0) return false;
  }
  return true;
}

describe("existence filter bloom filter", () => {
  const names = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${documents}/${prefix}/dóc-${i}`);

  it("is read by the SDK's own hashing exactly as it was built", () => {
    const members = names("kept", 500);
    const others = names("gone", 2000);
    const filter = BloomFilter.of(members);
    const { bits, hashCount } = filter.toJson();
    const bitmap = Buffer.from(bits.bitmap, "base64");
    expect(bits.padding).toBeGreaterThanOrEqual(0);
    expect(bits.padding).toBeLessThan(8);
    for (const name of [...members, ...others]) {
      expect(sdkMightContain(bitmap, bits.padding, hashCount, name)).toBe(
        filter.mightContain(name),
      );
    }
    for (const name of members) expect(filter.mightContain(name)).toBe(true);
    // Sized for about 1 % false positives.
    const falsePositives = others.filter((name) => filter.mightContain(name)).length;
    expect(falsePositives).toBeLessThan(60);
  });

  it("keeps at least one bit when nothing is left, so the SDK drops everything", () => {
    const { bits, hashCount } = BloomFilter.of([]).toJson();
    const bitmap = Buffer.from(bits.bitmap, "base64");
    expect(bitmap.length * 8 - bits.padding).toBeGreaterThan(0);
    expect(hashCount).toBeGreaterThan(0);
    for (const name of names("gone", 50)) {
      expect(sdkMightContain(bitmap, bits.padding, hashCount, name)).toBe(false);
    }
  });
});
