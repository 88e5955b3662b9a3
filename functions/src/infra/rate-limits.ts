/**
 * Limit counters in Firestore, so every function instance sees the same budget: one document per
 * limit and key under `rateLimits/{sha256(limit:key)}` (no raw IPs or addresses as ids), with
 * the window's count and start and an `expiresAt` for a TTL policy. The arithmetic is
 * `consumeLimit` of @platform/common. The http layer uses the app's Firestore; services pass
 * their own (`ServiceDeps.db`).
 */
import { createHash } from "node:crypto";
import type { DocumentReference, Firestore, Transaction } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import {
  type LimitRule,
  type WindowState,
  consumeLimit,
  limitWaitSeconds,
  messages,
  paths,
  windowExpiresAt,
} from "@platform/common";
import { type LimitName, rateLimit } from "../config.js";
import { db } from "../firebase.js";
import { type DomainError, tooManyAttempts } from "../domain/errors.js";

interface RateLimitDoc {
  limit: LimitName;
  count: number;
  windowStart: Timestamp;
  expiresAt: Timestamp;
}

/** One limit applied to one key (an e-mail address, a client IP). */
export interface LimitKey {
  limit: LimitName;
  key: string;
}

/** The document id of a limit's counter for one key. */
export function limitCounterId(limit: LimitName, key: string): string {
  return createHash("sha256").update(`${limit}:${key}`).digest("hex");
}

/** A budget per e-mail address: addresses count case-insensitively, as registration keys them. */
export function addressKey(limit: LimitName, email: string): LimitKey {
  return { limit, key: email.trim().toLowerCase() };
}

export function counterRef(
  store: Firestore,
  { limit, key }: LimitKey,
): DocumentReference<RateLimitDoc> {
  return store
    .collection(paths.rateLimits)
    .doc(limitCounterId(limit, key)) as DocumentReference<RateLimitDoc>;
}

function stateOf(doc: RateLimitDoc | undefined): WindowState | null {
  return doc ? { count: doc.count, windowStart: doc.windowStart.toMillis() } : null;
}

/** The refusal of a spent budget (a 429); `retryAfter` also becomes the Retry-After header. */
export function tooManyRequests(retryAfterSeconds: number): DomainError {
  return tooManyAttempts(messages.limits.tooManyAttempts(retryAfterSeconds), retryAfterSeconds);
}

function writeState(
  store: Firestore,
  tx: Transaction,
  k: LimitKey,
  rule: LimitRule,
  next: WindowState,
) {
  tx.set(counterRef(store, k), {
    limit: k.limit,
    count: next.count,
    windowStart: Timestamp.fromMillis(next.windowStart),
    expiresAt: Timestamp.fromMillis(windowExpiresAt(rule, next)),
  });
}

/**
 * Takes one from every budget named, all or none, in one transaction; throws the 429 of the
 * longest wait when any is spent.
 */
export async function consume(keys: LimitKey[], now: Date, store: Firestore = db()): Promise<void> {
  const wait = await store.runTransaction(async (tx) => {
    const docs = await tx.getAll(...keys.map((k) => counterRef(store, k)));
    const decisions = keys.map((k, i) =>
      consumeLimit(rateLimit(k.limit), stateOf(docs[i]!.data()), now.getTime()),
    );
    const refused = decisions.filter((d) => !d.allowed);
    if (refused.length > 0) return Math.max(...refused.map((d) => d.retryAfterSeconds));
    decisions.forEach((d, i) => {
      if (d.allowed) writeState(store, tx, keys[i]!, rateLimit(keys[i]!.limit), d.next);
    });
    return 0;
  });
  if (wait > 0) throw tooManyRequests(wait);
}

/** Throws the 429 when any budget named is spent, without taking from it (login checks first). */
export async function assertNotSpent(
  keys: LimitKey[],
  now: Date,
  store: Firestore = db(),
): Promise<void> {
  const docs = await store.getAll(...keys.map((k) => counterRef(store, k)));
  const wait = Math.max(
    0,
    ...keys.map((k, i) =>
      limitWaitSeconds(
        rateLimit(k.limit),
        stateOf(docs[i]!.data() as RateLimitDoc | undefined),
        now.getTime(),
      ),
    ),
  );
  if (wait > 0) throw tooManyRequests(wait);
}

/**
 * Counts one against every budget named even when one is already spent (a failure happened
 * anyway); the next `assertNotSpent` refuses.
 */
export async function record(keys: LimitKey[], now: Date, store: Firestore = db()): Promise<void> {
  await store.runTransaction(async (tx) => {
    const docs = await tx.getAll(...keys.map((k) => counterRef(store, k)));
    keys.forEach((k, i) => {
      const rule = rateLimit(k.limit);
      const state = stateOf(docs[i]!.data());
      const decision = consumeLimit(rule, state, now.getTime());
      const next = decision.allowed ? decision.next : { ...state!, count: state!.count + 1 };
      writeState(store, tx, k, rule, next);
    });
  });
}
