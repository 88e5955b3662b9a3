/**
 * A burst of short-lived output (a listener receiving a 10 000-document change: each response
 * encoded, then copied once more into its gRPC frame) lives in Buffers outside V8's heap, and
 * young-generation collections do not free them: measured during such a change, about 0.8 of
 * every MB written survived each scavenge, while a full collection frees them all (a heap snapshot
 * finds them unreachable). V8 starts a full collection on account of external memory only after
 * tens of MB. Unchecked, the process's resident memory grows by about the size of the burst again
 * on top of the data.
 *
 * So after every step of such output the writer asks for a full collection. The step is 4 MB, or
 * an eighth of the heap in use when that is more: a full collection costs in proportion to the
 * heap, so its share of the work stays bounded on a large database (`npm run bench -w emulators`:
 * a 10 000 × 1 KB change under one listener peaks at ~1.6× the data instead of ~2.3×; a full
 * collection of the benchmark's ~45 MB heap takes 10–20 ms per 4 MB of responses).
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const MIN_STEP_BYTES = 4 * 2 ** 20;
const HEAP_SHARE = 1 / 8;

/** `gc()` with no options is a full collection (Node 20's `{type: "major"}` runs a minor one). */
export type Collect = () => void;
let collect: Collect | null | undefined;

/** V8's collector: the global one when Node runs with --expose-gc, else exposed on first use. */
export function collector(): Collect | null {
  if (collect === undefined) {
    try {
      const exposed = (globalThis as { gc?: Collect }).gc;
      if (exposed) collect = exposed;
      else {
        setFlagsFromString("--expose-gc");
        collect = runInNewContext("gc") as Collect;
      }
    } catch {
      collect = null;
    }
  }
  return collect;
}

/** The output between two collections, given the heap in use after the last one. */
export function collectionStep(heapUsedBytes: number): number {
  return Math.max(MIN_STEP_BYTES, Math.round(heapUsedBytes * HEAP_SHARE));
}

/**
 * A writer's relief: note each write's garbage bytes; `collect` runs after every step, the next
 * step sized from `heapUsed` read just after it.
 */
export function outputRelief(
  collect: Collect | null,
  heapUsed: () => number,
): (bytes: number) => void {
  let sinceLast = 0;
  let step = MIN_STEP_BYTES;
  return (bytes) => {
    sinceLast += bytes;
    if (sinceLast < step || !collect) return;
    sinceLast = 0;
    collect();
    step = collectionStep(heapUsed());
  };
}

let processRelief: ((bytes: number) => void) | undefined;

/** Notes `bytes` of output that is garbage once written, for the process's one relief. */
export function releaseAfterWrite(bytes: number): void {
  processRelief ??= outputRelief(collector(), () => getHeapStatistics().used_heap_size);
  processRelief(bytes);
}
