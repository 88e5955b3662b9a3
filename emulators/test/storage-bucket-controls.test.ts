/**
 * Rules and data per bucket: rules set for one bucket through the control endpoint apply to it
 * only (the rules file stays in force for every other bucket, e.g. a running app's), and clearing
 * one bucket leaves the others, also across a restart from the journal. Through the web SDK.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getBytes, listAll, ref, uploadString, type FirebaseStorage } from "firebase/storage";
import type { StorageEmulator } from "../src/storage/index.js";
import type { ObjectMetadata } from "../src/storage/metadata.js";
import { ObjectStore } from "../src/storage/object-store.js";
import {
  BUCKET,
  deleteWebApps,
  errorCode,
  startTestEmulator,
  webStorage,
} from "./storage-fixtures.js";

const OTHER_BUCKET = "other-project.appspot.com";

/** The rules file: any signed-in user may read and write. */
const FILE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**} {
      allow read, write: if request.auth != null;
    }
  }
}
`;

/** A suite's own rules for its bucket: reads only, no writes. */
const READ_ONLY_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**} {
      allow read: if request.auth != null;
    }
  }
}
`;

let dir: string;
let emulator: StorageEmulator;
let alice: FirebaseStorage;

const base = () => `http://${emulator.host}:${emulator.port}`;
const rulesUrl = (bucket: string) =>
  `${base()}/emulator/v1/buckets/${encodeURIComponent(bucket)}:securityRules`;
const putRules = (bucket: string, body: unknown) =>
  fetch(rulesUrl(bucket), {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const rulesBody = (content: string) => ({ rules: { files: [{ name: "storage.rules", content }] } });
const write = (bucket: string, path: string) =>
  uploadString(ref(alice, `gs://${bucket}/${path}`), "inhalt", "raw", {
    contentType: "text/plain",
  });
const names = async (bucket: string) =>
  (await listAll(ref(alice, `gs://${bucket}/`))).items.map((item) => item.fullPath).sort();

async function start(): Promise<void> {
  emulator = await startTestEmulator({
    rulesFile: join(dir, "storage.rules"),
    importDir: join(dir, "export"),
    exportDir: join(dir, "export"),
  });
  alice = webStorage(emulator, "alice");
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "storage-bucket-controls-"));
  await writeFile(join(dir, "storage.rules"), FILE_RULES);
  await start();
});

afterAll(async () => {
  await deleteWebApps();
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("rules per bucket", () => {
  it("applies a bucket's own rules to that bucket only, until they are removed", async () => {
    expect((await putRules(BUCKET, rulesBody(READ_ONLY_RULES))).status).toBe(200);

    expect(await errorCode(write(BUCKET, "a.txt"))).toBe("storage/unauthorized");
    // The other bucket still follows the rules file.
    await write(OTHER_BUCKET, "b.txt");
    expect(new TextDecoder().decode(await getBytes(ref(alice, `gs://${OTHER_BUCKET}/b.txt`)))).toBe(
      "inhalt",
    );

    const removed = await fetch(rulesUrl(BUCKET), { method: "DELETE" });
    expect(removed.status).toBe(200);
    await write(BUCKET, "a.txt");
    expect(await names(BUCKET)).toContain("a.txt");
  });

  it("refuses rules that do not load or are not Storage rules, and keeps the ones in force", async () => {
    await putRules(BUCKET, rulesBody(READ_ONLY_RULES));

    const broken = await putRules(BUCKET, rulesBody("service firebase.storage { match"));
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(
      /storage\.rules:\d+:\d+/,
    );
    const firestoreRules = await putRules(
      BUCKET,
      rulesBody(
        "rules_version = '2';\nservice cloud.firestore { match /databases/{d}/documents { } }",
      ),
    );
    expect(firestoreRules.status).toBe(400);
    expect((await putRules(BUCKET, { rules: {} })).status).toBe(400);

    // Still read-only: none of the refused bodies replaced the bucket's rules.
    expect(await errorCode(write(BUCKET, "c.txt"))).toBe("storage/unauthorized");
    await fetch(rulesUrl(BUCKET), { method: "DELETE" });
  });
});

describe("clearing one bucket", () => {
  it("deletes that bucket's objects only, also after a restart", async () => {
    await write(BUCKET, "keep-not.txt");
    await write(OTHER_BUCKET, "keep.txt");

    const cleared = await fetch(
      `${base()}/emulator/v1/buckets/${encodeURIComponent(BUCKET)}/objects`,
      { method: "DELETE" },
    );
    expect(cleared.status).toBe(200);
    expect(await names(BUCKET)).toEqual([]);
    expect(await names(OTHER_BUCKET)).toContain("keep.txt");

    await deleteWebApps();
    await emulator.close();
    await start();
    expect(await names(BUCKET)).toEqual([]);
    expect(await names(OTHER_BUCKET)).toContain("keep.txt");
  });

  it("is replayed from the journal as the clearing of that bucket, not of everything", async () => {
    const store = await ObjectStore.open(join(dir, "replay"));
    const meta = (bucket: string, name: string) =>
      ({ bucket, name, generation: "1", metageneration: "1" }) as ObjectMetadata;
    store.replay([
      { op: "put", meta: meta(BUCKET, "a.txt"), blobFile: "a" },
      { op: "put", meta: meta(OTHER_BUCKET, "b.txt"), blobFile: "b" },
      { op: "clear", bucket: BUCKET },
    ]);
    expect(store.get(BUCKET, "a.txt")).toBeUndefined();
    expect(store.get(OTHER_BUCKET, "b.txt")?.name).toBe("b.txt");
    store.replay([{ op: "clear" }]);
    expect(store.get(OTHER_BUCKET, "b.txt")).toBeUndefined();
  });
});
