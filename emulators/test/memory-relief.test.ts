/** The listener's output relief: when it asks V8 for a full collection, and that it gets one. */
import { PerformanceObserver, constants } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { collectionStep, collector, outputRelief } from "../src/shared/memory-relief.js";

const MB = 2 ** 20;

describe("memory relief", () => {
  it("steps 4 MB of output, or an eighth of the heap in use when that is more", () => {
    expect(collectionStep(0)).toBe(4 * MB);
    expect(collectionStep(32 * MB)).toBe(4 * MB);
    expect(collectionStep(80 * MB)).toBe(10 * MB);
    expect(collectionStep(800 * MB)).toBe(100 * MB);
  });

  it("collects once per step of output and sizes the next step from the heap after it", () => {
    let collections = 0;
    let heap = 160 * MB; // the next step: 20 MB
    const release = outputRelief(
      () => collections++,
      () => heap,
    );
    release(3 * MB);
    expect(collections).toBe(0);
    release(MB);
    expect(collections).toBe(1);
    release(19 * MB);
    expect(collections).toBe(1);
    heap = 0;
    release(MB);
    expect(collections).toBe(2);
    release(4 * MB);
    expect(collections).toBe(3);
  });

  it("does nothing where V8's collector cannot be reached", () => {
    const release = outputRelief(null, () => 0);
    expect(() => release(64 * MB)).not.toThrow();
  });

  it("reaches V8's collector, and what it runs is a full collection", async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ["gc"] });
    try {
      const collect = collector();
      expect(collect).toBeTypeOf("function");
      collect!();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
    } finally {
      observer.disconnect();
    }
  });
});
