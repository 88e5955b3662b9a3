/**
 * The demo dataset through the real admin SDKs into our Firestore and Storage emulators: it
 * covers every state the screens show, and loading it twice leaves the same data (no duplicates).
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { NOTIFICATION_TYPES } from "@platform/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData, uidOf } from "../src/demo/index.js";
import { startFirestoreEmulator } from "@platform/emulators/firestore";
import { startStorageEmulator } from "@platform/emulators/storage";

const projectId = "demo-seed-test";
const now = new Date("2026-11-22T09:00:00Z"); // a Sunday, Istanbul 12:00
let closeAll: () => Promise<void>;
let app: App;
let db: Firestore;

async function collectionSizes(): Promise<Record<string, number>> {
  const groups = [
    "users",
    "private",
    "feedbacks",
    "projects",
    "positions",
    "applications",
    "members",
    "notifications",
    "votes",
    "images",
    "faqs",
    "lookups",
    "cities",
  ];
  const sizes: Record<string, number> = {};
  for (const group of groups) {
    sizes[group] = (await db.collectionGroup(group).count().get()).data().count;
  }
  return sizes;
}

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = "none";
  const firestore = await startFirestoreEmulator({ port: 0, quiet: true });
  const storage = await startStorageEmulator({ port: 0, quiet: true });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${firestore.port}`;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${storage.port}`;
  closeAll = async () => {
    await storage.close();
    await firestore.close();
  };
  app = initializeApp({ projectId, storageBucket: `${projectId}.appspot.com` }, "seed-test");
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
  await closeAll();
});

describe("demo dataset", () => {
  it("loads, skips a second load, and a forced reload changes no count", async () => {
    const first = await seedDemoData({ projectId, now, authUsers: false });
    expect(first.seeded).toBe(true);
    const sizes = await collectionSizes();
    expect(sizes.users).toBeGreaterThanOrEqual(55);

    const skipped = await seedDemoData({ projectId, now, authUsers: false });
    expect(skipped.seeded).toBe(false);

    const forced = await seedDemoData({ projectId, now, authUsers: false, force: true });
    expect(forced.documents).toBe(first.documents);
    expect(await collectionSizes()).toEqual(sizes);
    const [files] = await getStorage(app).bucket().getFiles();
    expect(files.length).toBe(first.files);
  });

  it("has at least 40 Juniors and 15 Seniors with photos, skills, languages and cities", async () => {
    const users = (await db.collection("users").get()).docs.map((d) => d.data());
    expect(users.filter((u) => u.type === "JUNIOR").length).toBeGreaterThanOrEqual(40);
    expect(users.filter((u) => u.type === "SENIOR").length).toBeGreaterThanOrEqual(15);
    for (const u of users) {
      expect(u.photoPath).toMatch(/^users\/.+\/profile\/avatar\.png$/);
      expect(u.skills.length).toBeGreaterThan(0);
      expect(u.languages.length).toBeGreaterThan(0);
      expect(u.address).toMatch(/^Türkiye - .+/);
    }
    const positions = new Set(users.map((u) => u.position.name));
    for (const name of ["Project Manager", "UI/UX Designer", "Backend Developer", "Tester"]) {
      expect(positions).toContain(name);
    }
    const [exists] = await getStorage(app).bucket().file(users[0]!.photoPath).exists();
    expect(exists).toBe(true);
  });

  it("covers every project state the screens show", async () => {
    const projects = (await db.collection("projects").get()).docs.map((d) => d.data());
    expect(projects.length).toBeGreaterThanOrEqual(8);
    const queued = projects.filter((p) => !p.isLive);
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((p) => p.goLiveAt.toDate() > now)).toBe(true);
    const live = projects.filter((p) => p.isLive);
    const week = 7 * 24 * 3600 * 1000;
    expect(live.some((p) => p.startedAt === null)).toBe(true); // not started yet
    expect(
      live.some((p) => p.startedAt && now.getTime() - p.startedAt.toDate().getTime() <= week),
    ).toBe(true);
    expect(live.some((p) => p.openPositionCount === 0 && p.memberCount > 0)).toBe(true); // fully staffed
    expect(live.some((p) => p.openPositionCount > 0 && p.memberCount > 0)).toBe(true);
    expect(live.some((p) => p.imagePath === null)).toBe(true); // placeholder image
    const waiting = await db.collectionGroup("applications").where("status", "==", "PENDING").get();
    expect(waiting.size).toBeGreaterThan(0);
  });

  it("gives the demo Junior developer a pending vote and a notification of every type", async () => {
    const can = uidOf("can");
    const notes = await db.collection("notifications").where("userId", "==", can).get();
    expect(new Set(notes.docs.map((d) => d.get("type")))).toEqual(new Set(NOTIFICATION_TYPES));
    const votes = await db.collection("votes").where("voterId", "==", can).get();
    expect(votes.size).toBe(1);
    const vote = votes.docs[0]!;
    expect(vote.get("status")).toBe("PENDING");
    expect(vote.get("closesAt").toDate().getTime()).toBeGreaterThan(now.getTime());
    const voteTime = notes.docs.find((d) => d.get("type") === "PROJECT_USER_VOTETIME")!;
    expect(voteTime.get("content.voteId")).toBe(vote.id);
  });

  it("has FAQ for the home page and the FAQ page, and Turkish lookups", async () => {
    const home = await db.collection("faqs").where("tags", "array-contains", "home").get();
    const sss = await db.collection("faqs").where("tags", "array-contains", "sss").get();
    expect(home.size).toBeGreaterThan(0);
    expect(sss.size).toBeGreaterThan(home.size);
    const countries = (await db.doc("lookups/countries").get()).get("items");
    expect(countries[0]).toEqual({ isoCode: "TR", name: "Türkiye" });
    expect(countries.length).toBeGreaterThan(200);
    const cities = (await db.doc("lookups/countries/cities/TR").get()).get("names");
    expect(cities).toHaveLength(81);
    expect(cities).toContain("İstanbul");
    expect((await db.doc("lookups/turkishLanguages").get()).get("names")).toContain("İngilizce");
  });
});
