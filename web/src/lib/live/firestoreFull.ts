/**
 * The only module that starts the full Firestore SDK; loaded on demand by `connection.ts`, so the
 * SDK stays in its own chunk. Memory cache only: nothing of a member is written to the browser's
 * storage, and ending the instance forgets it.
 */
import {
  connectFirestoreEmulator,
  type FirestoreError,
  initializeFirestore,
  memoryLocalCache,
  onSnapshot,
  terminate,
} from "firebase/firestore";
import { getApp } from "firebase/app";
import type { LiveFirestore, LiveObserver } from "./connection";
import { sourceRef } from "./refs";
import type { LiveSource } from "./sources";

/** The app's default Firebase app (lib/firebase.ts); `emulator` as lib/firebase.ts connects. */
export function openLiveFirestore(emulator: { host: string; port: number } | null): LiveFirestore {
  const db = initializeFirestore(getApp(), { localCache: memoryLocalCache() });
  if (emulator) connectFirestoreEmulator(db, emulator.host, emulator.port);
  const failed = (observer: LiveObserver) => (e: FirestoreError) =>
    observer.error({ code: e.code });

  return {
    listen(source: LiveSource, observer: LiveObserver) {
      const target = sourceRef(db, source);
      if (target.kind === "doc") {
        return onSnapshot(
          target.ref,
          (snap) =>
            observer.next({
              kind: "doc",
              doc: snap.exists() ? { id: snap.id, data: snap.data() } : null,
            }),
          failed(observer),
        );
      }
      return onSnapshot(
        target.ref,
        (snap) =>
          observer.next({
            kind: "query",
            docs: snap.docs.map((d) => ({ id: d.id, data: d.data() })),
          }),
        failed(observer),
      );
    },
    end: () => terminate(db),
  };
}
