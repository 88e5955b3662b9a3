/**
 * What the live member screens listen to (web/src/lib/live/sources.ts) against firestore.rules,
 * through the full web SDK's onSnapshot (the same references the browser builds, refs.ts): each
 * source is allowed for the member it belongs to and refused to anyone else, and the project
 * sources are refused once the project is no longer live. Rules are not filters, so a query the
 * member may run must carry the filter its rule names — a refused one would end the listener.
 */
import { randomUUID } from "node:crypto";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore as getAdminFirestore } from "firebase-admin/firestore";
import {
  type FirebaseApp,
  deleteApp as deleteClientApp,
  initializeApp as initClient,
} from "firebase/app";
import {
  connectFirestoreEmulator,
  type Firestore,
  getFirestore,
  onSnapshot,
  setLogLevel,
  terminate,
} from "firebase/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "@platform/common";
import { liveSources, type LiveSource } from "../../web/src/lib/live/sources.js";
import { sourceRef } from "../../web/src/lib/live/refs.js";
import { projectId, type RulesStack, startRulesStack } from "./emulator-clients.js";

const OWNER = "u-live-owner";
const STRANGER = "u-live-stranger";
/** Registered, career step not done: an unfinished profile only its owner reads. */
const NEWCOMER = "u-live-newcomer";
const LIVE = "p-live-sources";
const ENDED = "p-ended-sources";

let stack: RulesStack;
let admin: App;
const clientApps: FirebaseApp[] = [];
const clients: Firestore[] = [];

function client(uid: string | null): Firestore {
  const app = initClient({ projectId, apiKey: "demo-key" }, `live-${randomUUID()}`);
  clientApps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(
    db,
    "127.0.0.1",
    stack.firestorePort,
    uid ? { mockUserToken: { user_id: uid, sub: uid } } : {},
  );
  clients.push(db);
  return db;
}

/** The first snapshot's size, or "denied" when the rules refuse the listen. */
function firstSnapshot(db: Firestore, source: LiveSource): Promise<number | "denied"> {
  return new Promise((resolve, reject) => {
    const target = sourceRef(db, source);
    const done = (value: number | "denied") => {
      stop();
      resolve(value);
    };
    const failed = (err: { code?: string }) =>
      err.code === "permission-denied" ? done("denied") : reject(err);
    const stop =
      target.kind === "doc"
        ? onSnapshot(target.ref, (s) => done(s.exists() ? 1 : 0), failed)
        : onSnapshot(target.ref, (s) => done(s.size), failed);
  });
}

beforeAll(async () => {
  setLogLevel("silent"); // refusals are what some tests expect
  stack = await startRulesStack(false);
  admin = initializeApp({ projectId }, `live-sources-${randomUUID()}`);
  const db = getAdminFirestore(admin);
  const now = new Date();
  await db
    .doc(paths.user(OWNER))
    .set({ name: "Ayşe", profileComplete: true, currentProjectId: LIVE });
  await db.doc(paths.user(STRANGER)).set({ name: "Can", profileComplete: true });
  await db.doc(paths.user(NEWCOMER)).set({ name: "Ece", profileComplete: false });
  for (const [id, isLive] of [
    [LIVE, true],
    [ENDED, false],
  ] as const) {
    await db.doc(paths.project(id)).set({ title: id, isLive, memberCount: 1, team: [] });
    await db.doc(paths.position(id, "pos-1")).set({ status: "OPEN", positionName: "Frontend" });
  }
  for (const [id, userId, read] of [
    ["n1", OWNER, false],
    ["n2", OWNER, true],
    ["n3", STRANGER, false],
  ] as const) {
    await db
      .doc(`${paths.notifications}/${id}`)
      .set({ userId, read, type: "PROJECT_UPDATED", createdAt: now, content: {} });
  }
  await db.doc(`${paths.votes}/v1`).set({ voterId: OWNER, status: "PENDING", opensAt: now });
  await db.doc(`${paths.votes}/v2`).set({ voterId: OWNER, status: "COMPLETED", opensAt: now });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((db) => terminate(db)));
  await Promise.all(clientApps.map((app) => deleteClientApp(app)));
  await deleteApp(admin);
  await stack.close();
});

describe("live sources under firestore.rules", () => {
  const ownSources: [string, (uid: string) => LiveSource, number][] = [
    ["unread notifications", (uid) => liveSources.unreadNotifications(uid), 1],
    ["newest notifications", (uid) => liveSources.latestNotifications(uid, 100), 2],
    ["pending votes", (uid) => liveSources.pendingVotes(uid), 1],
  ];

  it.each(ownSources)("%s: the member's own, and nobody else's", async (_, of, size) => {
    expect(await firstSnapshot(client(OWNER), of(OWNER))).toBe(size);
    expect(await firstSnapshot(client(STRANGER), of(OWNER))).toBe("denied");
    expect(await firstSnapshot(client(null), of(OWNER))).toBe("denied");
  });

  it("own profile: the member's, complete or not (others see complete ones only)", async () => {
    expect(await firstSnapshot(client(OWNER), liveSources.ownProfile(OWNER))).toBe(1);
    expect(await firstSnapshot(client(NEWCOMER), liveSources.ownProfile(NEWCOMER))).toBe(1);
    expect(await firstSnapshot(client(STRANGER), liveSources.ownProfile(NEWCOMER))).toBe("denied");
  });

  it("a live project and its positions, for any member; refused once it is not live", async () => {
    const member = client(OWNER);
    expect(await firstSnapshot(member, liveSources.project(LIVE))).toBe(1);
    expect(await firstSnapshot(member, liveSources.positions(LIVE))).toBe(1);
    expect(await firstSnapshot(member, liveSources.project(ENDED))).toBe("denied");
    expect(await firstSnapshot(member, liveSources.positions(ENDED))).toBe("denied");
  });
});
