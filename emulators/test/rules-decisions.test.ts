/**
 * The decision log both emulators publish at /emulator/v1/rules-decisions: one record per client
 * request, with the caller, the outcome and the allow statements (file, line, text) behind it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFirestoreEmulator, type RunningFirestoreEmulator } from "../src/firestore/server.js";
import type { StorageEmulator } from "../src/storage/index.js";
import { RulesDecisionLog, type RulesDecisionRecord } from "../src/shared/rules-decisions.js";
import { VISITOR } from "../src/shared/auth.js";
import { BUCKET, startTestEmulator } from "./storage-fixtures.js";

const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /notes/{id} {
      allow read: if true;
      allow write: if request.auth != null && request.auth.token.role == 'admin';
    }
  }
}
`;
const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /public/{name} {
      allow read: if true;
      allow write: if false;
    }
  }
}
`;

let dir: string;
let firestore: RunningFirestoreEmulator;
let storage: StorageEmulator;
const notes = () =>
  `http://127.0.0.1:${firestore.port}/v1/projects/demo-log/databases/(default)/documents/notes`;

/** An unsigned ID token such as the Auth emulator hands out. */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none" })}.${part(claims)}.`;
}

async function decisions(port: number, since = 0): Promise<RulesDecisionRecord[]> {
  const res = await fetch(`http://127.0.0.1:${port}/emulator/v1/rules-decisions?since=${since}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { decisions: RulesDecisionRecord[] }).decisions;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-decisions-"));
  await writeFile(join(dir, "firestore.rules"), FIRESTORE_RULES);
  await writeFile(join(dir, "storage.rules"), STORAGE_RULES);
  firestore = await startFirestoreEmulator({
    port: 0,
    quiet: true,
    rulesFile: join(dir, "firestore.rules"),
  });
  storage = await startTestEmulator({ rulesFile: join(dir, "storage.rules") });
});

afterAll(async () => {
  await firestore.close();
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

describe("Firestore decisions", () => {
  it("records a denied write with the caller, its role and the refusing rule line", async () => {
    const token = idToken({ sub: "u1", user_id: "u1", role: "ops" });
    const res = await fetch(`${notes()}?documentId=n1`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ fields: { text: { stringValue: "hi" } } }),
    });
    expect(res.status).toBe(403);
    const denied = (await decisions(firestore.port)).find((d) => !d.allowed)!;
    expect(denied).toMatchObject({
      service: "firestore",
      method: "create",
      path: "notes/n1",
      uid: "u1",
      role: "ops",
      allowed: false,
    });
    expect(denied.rules).toEqual([
      expect.objectContaining({
        line: 6,
        text: "allow write: if request.auth != null && request.auth.token.role == 'admin';",
        match: "/notes/{id}",
        failure: "condition is false",
      }),
    ]);
  });

  it("records an allowed query once, on its collection, with the granting rule", async () => {
    await fetch(`${notes()}?documentId=n2`, {
      method: "POST",
      headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
      body: JSON.stringify({ fields: {} }),
    });
    const before = (await decisions(firestore.port)).at(-1)?.seq ?? 0;
    expect((await fetch(notes())).status).toBe(200);
    const after = await decisions(firestore.port, before);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      method: "list",
      path: "notes",
      documents: 1,
      uid: null,
      allowed: true,
      rules: [expect.objectContaining({ line: 5, text: "allow read: if true;" })],
    });
  });

  it("records nothing for the admin token", async () => {
    const before = (await decisions(firestore.port)).at(-1)?.seq ?? 0;
    await fetch(`${notes()}/n2`, { headers: { Authorization: "Bearer owner" } });
    expect(await decisions(firestore.port, before)).toEqual([]);
  });
});

describe("Storage decisions", () => {
  it("records a denied upload with the refusing rule line", async () => {
    const res = await fetch(`http://127.0.0.1:${storage.port}/v0/b/${BUCKET}/o?name=public/a.txt`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "hello",
    });
    expect(res.status).toBe(403);
    const [denied] = await decisions(storage.port);
    expect(denied).toMatchObject({
      service: "storage",
      method: "create",
      path: "public/a.txt",
      uid: null,
      allowed: false,
      rules: [expect.objectContaining({ line: 6, text: "allow write: if false;" })],
    });
  });
});

describe("RulesDecisionLog", () => {
  it("keeps only the newest records", () => {
    const log = new RulesDecisionLog(3);
    for (let i = 0; i < 5; i++) {
      log.add({
        caller: VISITOR,
        service: "firestore",
        method: "get",
        path: `notes/${i}`,
        allowed: true,
        reason: "",
        rules: [],
      });
    }
    expect(log.since(0).map((r) => r.path)).toEqual(["notes/2", "notes/3", "notes/4"]);
    expect(log.since(4).map((r) => r.seq)).toEqual([5]);
    expect(log.next).toBe(6);
  });
});
