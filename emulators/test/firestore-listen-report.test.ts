/**
 * `GET /emulator/v1/listens`: the open Listen streams with their caller and target count, as a
 * leak check reads them. Listeners of the full web SDK (gRPC in Node) for two signed-in users and
 * one firebase-admin-like owner stream; targets come and go with onSnapshot / unsubscribe.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteApp, initializeApp } from "firebase/app";
import type { FirebaseApp } from "firebase/app";
import {
  collection,
  connectFirestoreEmulator,
  getFirestore,
  onSnapshot,
  query,
  setLogLevel,
  terminate,
  where,
} from "firebase/firestore";
import type { Firestore } from "firebase/firestore";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";
import { type ListensAnswer, listensAnswer } from "../src/firestore/listen-report.js";

const projectId = `demo-listens-${randomUUID().slice(0, 8)}`;
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /notes/{id} {
      allow read: if request.auth != null && resource.data.owner == request.auth.uid;
    }
  }
}`;

let emulator: RunningFirestoreEmulator;
const apps: FirebaseApp[] = [];

function webDb(uid: string): Firestore {
  const app = initializeApp({ projectId, apiKey: "fake-api-key" }, `web-${randomUUID()}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, "127.0.0.1", emulator.port, { mockUserToken: { user_id: uid } });
  return db;
}

async function listens(search = "", headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${emulator.port}/emulator/v1/listens${search}`, {
    headers,
  });
  return { res, body: (await res.json()) as ListensAnswer };
}

/** Polls until the report for `uid` has `targets` targets (streams settle asynchronously). */
async function expectTargets(uid: string, targets: number): Promise<ListensAnswer> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { body } = await listens(`?uid=${encodeURIComponent(uid)}`);
    if (body.targets === targets) return body;
    if (Date.now() > deadline) expect(body.targets).toBe(targets);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  setLogLevel("silent");
  emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  const response = await fetch(
    `http://127.0.0.1:${emulator.port}/emulator/v1/projects/${projectId}:securityRules`,
    {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rules: { files: [{ name: "firestore.rules", content: RULES }] } }),
    },
  );
  expect(response.status).toBe(200);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator.close();
});

describe("GET /emulator/v1/listens", () => {
  it("counts each user's open targets, and none once they unsubscribe or terminate", async () => {
    const ayse = webDb("ayse");
    const mehmet = webDb("mehmet");
    expect((await listens()).body).toEqual({ streams: 0, targets: 0, list: [] });

    const stops = [
      onSnapshot(query(collection(ayse, "notes"), where("owner", "==", "ayse")), () => {}),
      onSnapshot(
        query(collection(ayse, "notes"), where("owner", "==", "ayse"), where("pinned", "==", true)),
        () => {},
      ),
      onSnapshot(query(collection(mehmet, "notes"), where("owner", "==", "mehmet")), () => {}),
    ];
    const forAyse = await expectTargets("ayse", 2);
    expect(forAyse.streams).toBe(1);
    expect(forAyse.list).toEqual([
      {
        database: `projects/${projectId}/databases/(default)`,
        caller: "user",
        uid: "ayse",
        targets: 2,
      },
    ]);
    await expectTargets("mehmet", 1);
    const all = (await listens()).body;
    expect(all).toMatchObject({ streams: 2, targets: 3 });

    stops[0]!();
    stops[1]!();
    await expectTargets("ayse", 0);
    await expectTargets("mehmet", 1);

    await terminate(mehmet);
    await expectTargets("mehmet", 0);
    expect((await listens("?uid=mehmet")).body.streams).toBe(0);
    await terminate(ayse);
  });

  it("answers loopback pages with CORS headers and foreign ones without", async () => {
    const local = await listens("", { Origin: "http://127.0.0.1:5000" });
    expect(local.res.status).toBe(200);
    expect(local.res.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5000");
    expect(local.res.headers.get("cache-control")).toBe("no-store");
    const foreign = await listens("", { Origin: "https://evil.example" });
    expect(foreign.res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("labels owners, visitors and users, and filters by uid", () => {
    const reports = [
      {
        database: "projects/p/databases/(default)",
        caller: "admin" as const,
        uid: null,
        targets: 3,
      },
      { database: null, caller: "visitor" as const, uid: null, targets: 0 },
      {
        database: "projects/p/databases/(default)",
        caller: "user" as const,
        uid: "u1",
        targets: 2,
      },
    ];
    expect(listensAnswer(reports, null)).toMatchObject({ streams: 3, targets: 5 });
    expect(listensAnswer(reports, "u1")).toEqual({ streams: 1, targets: 2, list: [reports[2]] });
    expect(listensAnswer(reports, "nobody")).toEqual({ streams: 0, targets: 0, list: [] });
  });
});
