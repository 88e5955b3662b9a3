/**
 * firestore.get() in storage.rules answered by a running Firestore emulator through
 * `firestoreRestReader` (what the CLI's `--firestore host:port` uses).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ref, uploadString } from "firebase/storage";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import { firestoreRestReader, type StorageEmulator } from "../src/storage/index.js";
import {
  PROJECT_ID,
  deleteWebApps,
  errorCode,
  startTestEmulator,
  webStorage,
} from "./storage-fixtures.js";

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /teams/{teamId}/{file} {
      allow write: if request.auth != null
        && firestore.get(/databases/(default)/documents/teams/$(teamId)).data.owner == request.auth.uid;
      allow read: if firestore.exists(/databases/(default)/documents/teams/$(teamId));
    }
  }
}
`;

let dir: string;
let firestore: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let storage: StorageEmulator;

async function setTeamOwner(teamId: string, owner: string): Promise<void> {
  const url =
    `http://${firestore.host}:${firestore.port}/v1/projects/${PROJECT_ID}` +
    `/databases/(default)/documents/teams/${teamId}`;
  const response = await fetch(url, {
    method: "PATCH",
    headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
    body: JSON.stringify({ fields: { owner: { stringValue: owner } } }),
  });
  if (!response.ok)
    throw new Error(`Firestore write failed: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "storage-firestore-link-"));
  await writeFile(join(dir, "storage.rules"), RULES);
  firestore = await startFirestoreEmulator({ port: 0, quiet: true });
  storage = await startTestEmulator({
    rulesFile: join(dir, "storage.rules"),
    firestore: firestoreRestReader({
      host: `${firestore.host}:${firestore.port}`,
      projectId: PROJECT_ID,
    }),
  });
});

afterAll(async () => {
  await deleteWebApps();
  await storage.close();
  await firestore.close();
  await rm(dir, { recursive: true, force: true });
});

describe("firestore.get through the Firestore emulator", () => {
  it("follows the live Firestore data", async () => {
    await setTeamOwner("t9", "alice");
    const alice = webStorage(storage, "alice");
    const bob = webStorage(storage, "bob");
    await uploadString(ref(alice, "teams/t9/a.txt"), "a");
    expect(await errorCode(uploadString(ref(bob, "teams/t9/b.txt"), "b"))).toBe(
      "storage/unauthorized",
    );
    expect(await errorCode(uploadString(ref(alice, "teams/none/a.txt"), "a"))).toBe(
      "storage/unauthorized",
    );
    await setTeamOwner("t9", "bob");
    expect(await errorCode(uploadString(ref(bob, "teams/t9/b.txt"), "b"))).toBe("resolved");
  });
});
