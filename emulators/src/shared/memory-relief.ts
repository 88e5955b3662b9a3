/**
 * A burst of short-lived output (a listener receiving a 10 000-document change: each response
 * encoded, then copied once more into its gRPC frame) lives in Buffers outside V8's heap. V8 frees
 * them only at its next collection, and it lets external memory grow by tens of MB before it
 * collects on that account, so the process's resident memory would grow by about twice the burst.
 * Asking for a young-generation collection after every MB of such output frees them as the burst
 * goes (`npm run bench -w emulators`: peak growth of a 10 000 × 1 KB change under one listener
 * 3.2× → 2.4× the data); a scavenge of short-lived objects takes about a millisecond.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Output between two collections. */
const STEP_BYTES = 2 ** 20;

type Collect = (options?: { type: "minor" | "major" }) => void;
let collect: Collect | null | undefined;
let sinceLast = 0;

/** V8's collector: the global one when Node runs with --expose-gc, else exposed on first use. */
function collector(): Collect | null {
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

/** Notes `bytes` of output that is garbage once written; collects after every STEP_BYTES. */
export function releaseAfterWrite(bytes: number): void {
  sinceLast += bytes;
  if (sinceLast < STEP_BYTES) return;
  sinceLast = 0;
  collector()?.({ type: "minor" });
}
