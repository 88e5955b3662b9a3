/**
 * The simulated round trip (`latencyMs`, `--latency 40ms`): a gRPC call and a REST request each
 * wait at least that long. No upper bound: the machine may be busy.
 */
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as grpc from "@grpc/grpc-js";
import { loadFirestorePackage } from "../src/firestore/grpc-protos.js";
import { parseLatency } from "../src/firestore/latency.js";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";

const LATENCY_MS = 80;
const documents = "projects/demo-latency/databases/(default)/documents";

type GetDocument = (
  request: unknown,
  metadata: grpc.Metadata,
  callback: (err: grpc.ServiceError | null) => void,
) => void;

let emulator: RunningFirestoreEmulator;
let client: grpc.Client & { getDocument: GetDocument };

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, quiet: true, latencyMs: LATENCY_MS });
  const loaded = grpc.loadPackageDefinition(loadFirestorePackage()) as unknown as {
    google: { firestore: { v1: { Firestore: typeof grpc.Client } } };
  };
  client = new loaded.google.firestore.v1.Firestore(
    `127.0.0.1:${emulator.port}`,
    grpc.credentials.createInsecure(),
  ) as typeof client;
});

afterAll(async () => {
  client.close();
  await emulator.close();
});

async function elapsed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe("latency option", () => {
  it("delays a gRPC call", async () => {
    const metadata = new grpc.Metadata();
    metadata.set("authorization", "Bearer owner");
    const getMissing = () =>
      new Promise<void>((resolve) =>
        client.getDocument({ name: `${documents}/c/missing` }, metadata, () => resolve()),
      );
    await getMissing(); // the connection is set up outside the measured call
    expect(await elapsed(getMissing)).toBeGreaterThanOrEqual(LATENCY_MS - 1);
  });

  it("delays a REST request", async () => {
    const url = `http://127.0.0.1:${emulator.port}/v1/${documents}/c/missing`;
    const ms = await elapsed(() => fetch(url, { headers: { Authorization: "Bearer owner" } }));
    expect(ms).toBeGreaterThanOrEqual(LATENCY_MS - 1);
  });

  it("reads 40ms, 0.1s and bare milliseconds", () => {
    expect(parseLatency("40ms")).toBe(40);
    expect(parseLatency("0.1s")).toBe(100);
    expect(parseLatency("25")).toBe(25);
    expect(() => parseLatency("fast")).toThrow(/Invalid latency/);
  });
});
