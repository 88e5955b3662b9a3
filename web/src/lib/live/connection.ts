/**
 * The full Firestore SDK (`firebase/firestore`, with its WebChannel listeners) for signed-in
 * members. Visitors never load it: the SDK and `firestoreFull.ts` form their own chunk, fetched
 * when the first listener of a member screen subscribes. One instance is shared by every listener
 * and ended (terminate: its channel closes, its cache of the member's documents is dropped) once
 * no listener is left for a moment, which is what signing out leads to.
 */
import { emulatorPorts } from "../firebaseConfig";
import type { LiveSource } from "./sources";

export interface LiveDoc {
  id: string;
  /** Timestamps keep `toDate()`, as the Lite SDK's do. */
  data: Record<string, unknown>;
}

export type LiveSnapshot = { kind: "doc"; doc: LiveDoc | null } | { kind: "query"; docs: LiveDoc[] };

/** A terminal listener failure; the SDK retries transient ones itself. */
export interface LiveError {
  /** Firestore's code: `permission-denied` when the rules refuse (or stop allowing) the read. */
  code: string;
}

export interface LiveObserver {
  next: (snapshot: LiveSnapshot) => void;
  error: (error: LiveError) => void;
}

export interface LiveFirestore {
  listen(source: LiveSource, observer: LiveObserver): () => void;
  end(): Promise<void>;
}

/** How long an instance without listeners is kept (a route change unsubscribes, then subscribes). */
export const IDLE_END_MS = 2_000;

let instance: Promise<LiveFirestore> | undefined;
/** The end of the previous instance: a new one starts after it (one instance per app at a time). */
let ending: Promise<void> = Promise.resolve();
let listeners = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function load(): Promise<LiveFirestore> {
  instance ??= ending
    .then(() => import("./firestoreFull"))
    .then((m) =>
      // The page's own host, as for the Lite SDK (lib/firebase.ts).
      m.openLiveFirestore(
        emulatorPorts ? { host: location.hostname, port: emulatorPorts.firestore } : null,
      ),
    );
  return instance;
}

function endNow(): void {
  if (!instance) return;
  const current = instance;
  instance = undefined;
  ending = current.then((db) => db.end()).catch(() => undefined);
}

function endWhenIdle(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (listeners === 0) endNow();
  }, IDLE_END_MS);
}

/**
 * A tab that closes (or leaves the site) ends its channel at once, instead of leaving the server
 * to time the session out: ending closes the channel with a beacon. A page kept for the
 * back/forward cache (`persisted`) keeps it, since its screens and their listeners come back.
 */
export function endOnPageHide(event: { persisted: boolean }): void {
  if (!event.persisted) endNow();
}

if (typeof window !== "undefined") window.addEventListener("pagehide", endOnPageHide);

/**
 * Starts listening to `source`; returns the unsubscribe function, callable at once (the SDK may
 * still be loading). Nothing reaches `observer` after it was called.
 */
export function listen(source: LiveSource, observer: LiveObserver): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  listeners++;
  clearTimeout(idleTimer);
  load().then(
    (db) => {
      if (stopped) return;
      stop = db.listen(source, {
        next: (s) => !stopped && observer.next(s),
        error: (e) => !stopped && observer.error(e),
      });
    },
    () => {
      // The chunk did not load (offline, a new deployment): the screen keeps its fetched data.
      instance = undefined;
      if (!stopped) observer.error({ code: "unavailable" });
    },
  );
  return () => {
    if (stopped) return;
    stopped = true;
    stop?.();
    listeners--;
    if (listeners === 0) endWhenIdle();
  };
}
