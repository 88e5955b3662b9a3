import { performance } from "node:perf_hooks";
import { FirestoreEngine } from "../src/firestore/engine.ts";
import { ListenHub } from "../src/firestore/listen.ts";
import { firestoreServiceDefinition } from "../src/firestore/grpc.ts";
import { ProtoJsonConverter } from "../src/firestore/grpc-convert.ts";
import { loadFirestoreRoot } from "../src/firestore/grpc-protos.ts";
import { ADMIN } from "../src/shared/auth.ts";
const engine = new FirestoreEngine();
const hub = new ListenHub(engine);
const def = firestoreServiceDefinition().Listen!;
const conv = new ProtoJsonConverter(loadFirestoreRoot());
const db = "projects/p/databases/(default)";
await engine.commit(db, { writes: [{ update: { name: `${db}/documents/board/a`, fields: { open: { booleanValue: true }, n: { integerValue: "0" } } } }] }, ADMIN);
let received = 0; let done: () => void = () => {};
const N = 500;
for (let i = 0; i < N; i++) {
  const s = hub.open(ADMIN, { send: (r) => { const b = def.responseSerialize(conv.fromJson("google.firestore.v1.ListenResponse", r)); if (r.targetChange && (r.targetChange as any).targetIds?.length === 0) { received++; if (received === N) done(); } return true; }, drained: async () => {} });
  s.request({ database: db, addTarget: { targetId: 2, query: { parent: `${db}/documents`, structuredQuery: { from: [{ collectionId: "board" }], where: { fieldFilter: { field: { fieldPath: "open" }, op: "EQUAL", value: { booleanValue: true } } } } as any } } });
}
await new Promise<void>((r) => { done = r; });
for (let round = 1; round <= 3; round++) {
  received = 0;
  const all = new Promise<void>((r) => { done = r; });
  const t = performance.now();
  await engine.commit(db, { writes: [{ update: { name: `${db}/documents/board/a`, fields: { open: { booleanValue: true }, n: { integerValue: String(round) } } } }] }, ADMIN);
  await all;
  console.log("fanout ms", (performance.now() - t).toFixed(1));
}
