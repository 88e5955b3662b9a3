/**
 * The emulator as the listener benchmark's child process (so its memory is its own): it starts
 * on a free port, reports the port over IPC and answers the parent's memory probe
 * ({op: "gc"}: a full garbage collection, then its memory figures, i.e. what it retains).
 * Run with --expose-gc. Extra node flags (e.g. --cpu-prof) come from BENCH_CHILD_FLAGS.
 */
import { startFirestoreEmulator } from "../src/firestore/server.js";

export interface ChildMemory {
  rssKb: number;
  heapUsed: number;
  /** Buffers and other memory outside the V8 heap. */
  external: number;
}

const emulator = await startFirestoreEmulator({ port: 0, quiet: true });

function memory(): ChildMemory {
  const m = process.memoryUsage();
  return { rssKb: Math.round(m.rss / 1024), heapUsed: m.heapUsed, external: m.external };
}

process.on("message", (message: { op: string }) => {
  if (message.op !== "gc") return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send!({ memory: memory() });
});

const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("disconnect", stop);
process.send!({ port: emulator.port });
