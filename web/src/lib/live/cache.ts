/**
 * Listeners feed TanStack Query's cache, so each screen keeps its one query and shows exactly what
 * it shows today, only sooner:
 * - `useListenedData`: the query reads the same documents from Firestore; each snapshot, mapped
 *   the way the query maps them, becomes the query's data;
 * - `useListenedInvalidation`: the query goes through `/api`; a change of the documents behind it
 *   marks it stale by key, and the API is asked again (only while a screen shows it).
 * A listener that fails (the rules deny it, say, once a project is no longer live) invalidates its
 * query: the regular read then shows the screen's usual Turkish error text.
 */
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { listen, type LiveSnapshot } from "./connection";
import { type LiveSource, sourceKey } from "./sources";

export interface SnapshotInfo {
  /** The listener's first snapshot (the documents as they were when it started). */
  first: boolean;
  /** When the listener subscribed (ms since the epoch). */
  startedAt: number;
}

/** Subscribes while `source` is set; a change of source resubscribes, unmounting unsubscribes. */
export function useLiveSource(
  source: LiveSource | null,
  onSnapshot: (snapshot: LiveSnapshot, info: SnapshotInfo) => void,
  onError: () => void,
): void {
  const key = source ? sourceKey(source) : null;
  const next = useEffectEvent(onSnapshot);
  const failed = useEffectEvent(onError);
  useEffect(() => {
    if (key === null) return;
    const startedAt = Date.now();
    let first = true;
    return listen(JSON.parse(key) as LiveSource, {
      next: (snapshot) => {
        next(snapshot, { first, startedAt });
        first = false;
      },
      error: () => failed(),
    });
  }, [key]);
}

/** Data of a query fed by a listener; an older read still under way is dropped. */
async function replaceData(queryClient: QueryClient, queryKey: QueryKey, data: unknown) {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, data);
}

export function useListenedData<T>(
  source: LiveSource | null,
  queryKey: QueryKey,
  map: (snapshot: LiveSnapshot) => T,
  /** Runs with each mapped value once the query's data was replaced. */
  also?: (value: T) => void,
): void {
  const queryClient = useQueryClient();
  useLiveSource(
    source,
    (snapshot) => {
      const value = map(snapshot);
      void replaceData(queryClient, queryKey, value).then(() => also?.(value));
    },
    () => void queryClient.invalidateQueries({ queryKey, exact: true }),
  );
}

/** Whether a query under one of `queryKeys` holds an answer read before `time`. */
export function answeredBefore(
  queryClient: QueryClient,
  queryKeys: readonly QueryKey[],
  time: number,
): boolean {
  return queryKeys.some((queryKey) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey })
      .some((q) => q.state.status === "success" && q.state.dataUpdatedAt < time),
  );
}

/**
 * `fingerprint` picks what matters in a snapshot (without it every change counts). The first
 * snapshot counts only when a cached answer is older than the listener: a change made between
 * the API's read and the listener's start is not missed, and a fresh answer is not read twice.
 */
export function useListenedInvalidation(
  source: LiveSource | null,
  queryKeys: readonly QueryKey[],
  fingerprint?: (snapshot: LiveSnapshot) => string,
): void {
  const queryClient = useQueryClient();
  const last = useRef<string | null>(null);
  const invalidate = () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  useLiveSource(
    source,
    (snapshot, { first, startedAt }) => {
      const print = fingerprint ? fingerprint(snapshot) : null;
      const changed = print === null || print !== last.current;
      last.current = print;
      if (!first) {
        if (changed) invalidate();
        return;
      }
      if (answeredBefore(queryClient, queryKeys, startedAt)) invalidate();
    },
    invalidate,
  );
}
