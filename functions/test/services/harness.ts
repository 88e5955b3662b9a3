/**
 * Service suites: each test gets ServiceDeps of its own against local stand-ins, no mocks —
 * a fresh database of our Firestore emulator (jobs harness), firebase-admin Auth and the Identity
 * Toolkit REST API against the firebase-tools Auth emulator, firebase-admin Storage against our
 * Storage emulator (both started once, global-setup.ts), a fixed clock and a recording outbox that
 * writes the mail documents as production does and reports the mails that were committed.
 */
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import type { Bucket } from "@google-cloud/storage";
import { afterAll } from "vitest";
import { identityToolkit } from "../../src/infra/identity.js";
import { firestoreOutbox, type Mail, type MailOutbox } from "../../src/infra/mail.js";
import type { Clock, ServiceDeps } from "../../src/services/deps.js";
import { testDatabases } from "../jobs/harness.js";
import { AUTH_PROJECT } from "./global-setup.js";

export const TEST_BUCKET = "demo-services.appspot.com";
/** Monday 2 March 2026, 10:00 Istanbul. */
export const T0 = new Date("2026-03-02T07:00:00Z");

export interface FixedClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

export function fixedClock(at: Date = T0): FixedClock {
  let current = at;
  return {
    now: () => new Date(current.getTime()),
    set: (next) => (current = next),
    advance: (ms) => (current = new Date(current.getTime() + ms)),
  };
}

export interface RecordingOutbox extends MailOutbox {
  /** The mails queued in batches and transactions that committed, in queueing order. */
  sent(): Promise<Mail[]>;
}

export function recordingOutbox(db: Firestore): RecordingOutbox {
  const inner = firestoreOutbox(db);
  const queued: { ref: DocumentReference; mail: Mail }[] = [];
  return {
    queue(writer, mail, now) {
      const ref = inner.queue(writer, mail, now);
      queued.push({ ref, mail });
      return ref;
    },
    async sent() {
      if (queued.length === 0) return [];
      const snaps = await db.getAll(...queued.map((q) => q.ref));
      return queued.filter((_, i) => snaps[i]!.exists).map((q) => q.mail);
    },
  };
}

export interface ServiceWorld {
  deps: ServiceDeps;
  db: Firestore;
  clock: FixedClock;
  mail: RecordingOutbox;
  /** The whole bucket the services get part of, for listing what they left. */
  bucket: Bucket;
  /** The moment of the fixed clock, for the `now` a route passes. */
  now(): Date;
}

/**
 * Registers the stand-ins for the file; `world()` in each test gives fresh deps (an empty
 * database; Auth is shared, so tests use addresses of their own: `uniqueEmail()`).
 */
export function serviceWorlds(): () => ServiceWorld {
  const databases = testDatabases();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject("authEmulatorHost");
  process.env.STORAGE_EMULATOR_HOST = `http://${inject("storageEmulatorHost")}`;
  let app: App | undefined;
  afterAll(() => (app ? deleteApp(app) : undefined));
  return () => {
    app ??= initializeApp(
      { projectId: AUTH_PROJECT, storageBucket: TEST_BUCKET },
      `services-${randomUUID().slice(0, 8)}`,
    );
    const db = databases.newDb();
    const clock = fixedClock();
    const mail = recordingOutbox(db);
    const bucket = getStorage(app).bucket(TEST_BUCKET);
    const deps: ServiceDeps = {
      db,
      auth: getAuth(app),
      identity: identityToolkit({
        emulatorHost: inject("authEmulatorHost"),
        apiKey: "fake-api-key",
      }),
      clock,
      mail,
      bucket,
    };
    return { deps, db, clock, mail, bucket, now: () => clock.now() };
  };
}

export const uniqueEmail = (name = "uye") => `${name}-${randomUUID().slice(0, 8)}@example.com`;
