import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveFirestore, LiveObserver } from "./connection";
import { liveSources } from "./sources";

/** Fake instances of the lazily loaded SDK module, one per openLiveFirestore(). */
const opened: {
  emulator: unknown;
  listens: { source: unknown; observer: LiveObserver; stopped: boolean }[];
  ended: boolean;
}[] = [];
let failLoad = false;

vi.mock("./firestoreFull", () => {
  return {
    openLiveFirestore: (emulator: unknown): LiveFirestore => {
      if (failLoad) throw new Error("chunk failed to load");
      const instance = {
        emulator,
        listens: [] as (typeof opened)[number]["listens"],
        ended: false,
      };
      opened.push(instance);
      return {
        listen(source, observer) {
          const entry = { source, observer, stopped: false };
          instance.listens.push(entry);
          return () => {
            entry.stopped = true;
          };
        },
        end: async () => {
          instance.ended = true;
        },
      };
    },
  };
});

async function connection() {
  return import("./connection");
}

const observer = () => ({ next: vi.fn(), error: vi.fn() });
const source = liveSources.unreadNotifications("u1");

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  vi.stubGlobal("location", { hostname: "localhost" });
  opened.length = 0;
  failLoad = false;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("live connection", () => {
  it("loads the SDK once for every listener and passes snapshots until unsubscribed", async () => {
    const { listen } = await connection();
    const a = observer();
    const b = observer();
    const stopA = listen(source, a);
    const stopB = listen(liveSources.pendingVotes("u1"), b);
    await vi.waitFor(() => expect(opened[0]?.listens).toHaveLength(2));
    expect(opened).toHaveLength(1);
    // the demo build's emulator, on the host the page came from
    expect(opened[0]!.emulator).toEqual({ host: "localhost", port: 8080 });
    const [first, second] = opened[0]!.listens;
    first!.observer.next({ kind: "query", docs: [] });
    expect(a.next).toHaveBeenCalledTimes(1);
    stopA();
    expect(first!.stopped).toBe(true);
    // nothing reaches a stopped observer, even if the SDK still calls
    first!.observer.next({ kind: "query", docs: [] });
    first!.observer.error({ code: "permission-denied" });
    expect(a.next).toHaveBeenCalledTimes(1);
    expect(a.error).not.toHaveBeenCalled();
    second!.observer.error({ code: "permission-denied" });
    expect(b.error).toHaveBeenCalledWith({ code: "permission-denied" });
    stopB();
  });

  it("never subscribes a listener stopped while the SDK was loading", async () => {
    const { listen } = await connection();
    const stop = listen(source, observer());
    stop();
    stop(); // twice changes nothing
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]?.listens ?? []).toHaveLength(0);
  });

  it("ends the instance once no listener is left for IDLE_END_MS, not on a quick resubscribe", async () => {
    const { listen, IDLE_END_MS } = await connection();
    const stop = listen(source, observer());
    await vi.waitFor(() => expect(opened[0]?.listens).toHaveLength(1));
    stop();
    // a route change: the next screen subscribes at once
    await vi.advanceTimersByTimeAsync(IDLE_END_MS / 2);
    const stop2 = listen(source, observer());
    await vi.advanceTimersByTimeAsync(IDLE_END_MS * 2);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.ended).toBe(false);
    expect(opened[0]!.listens).toHaveLength(2);

    // sign-out: every listener goes
    stop2();
    await vi.advanceTimersByTimeAsync(IDLE_END_MS - 1);
    expect(opened[0]!.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened[0]!.ended).toBe(true);

    // the next member gets a fresh instance (no documents of the previous one)
    listen(source, observer());
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[1]!.listens).toHaveLength(1);
    expect(opened[1]!.ended).toBe(false);
  });

  it("ends the instance when the page is unloaded, not when it goes to the back/forward cache", async () => {
    const { listen, endOnPageHide } = await connection();
    listen(source, observer());
    await vi.waitFor(() => expect(opened[0]?.listens).toHaveLength(1));
    endOnPageHide({ persisted: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]!.ended).toBe(false);
    endOnPageHide({ persisted: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]!.ended).toBe(true);
  });

  it("reports a chunk that failed to load as unavailable, and tries again on the next listen", async () => {
    failLoad = true;
    const { listen } = await connection();
    const o = observer();
    listen(source, o);
    await vi.waitFor(() => expect(o.error).toHaveBeenCalledWith({ code: "unavailable" }));
    expect(o.next).not.toHaveBeenCalled();
    failLoad = false;
    listen(source, observer());
    await vi.waitFor(() => expect(opened[0]?.listens).toHaveLength(1));
  });
});
