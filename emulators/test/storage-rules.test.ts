/**
 * storage.rules through the web SDK: signed-in users and visitors, create/update/delete/get/list,
 * request.resource (size, contentType, metadata), resource, firestore.get()/exists(), download
 * tokens, and rules files that change or do not load.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
} from "firebase/storage";
import type { RulesDocumentReader } from "../src/rules/api.js";
import type { FirestoreDocument } from "../src/shared/value.js";
import type { StorageEmulator } from "../src/storage/index.js";
import {
  BUCKET,
  binaryBytes,
  deleteWebApps,
  errorCode,
  startTestEmulator,
  webStorage,
} from "./storage-fixtures.js";

const FIVE_MB = 5 * 1024 * 1024;

// `<=`: exactly 5 MiB is allowed, one byte more is denied.
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /public/{allPaths=**} {
      allow read: if true;
    }
    match /users/{uid}/{allPaths=**} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow create: if request.auth != null && request.auth.uid == uid
        && request.resource.size <= 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*')
        && request.resource.name.matches('users/' + uid + '/.+')
        && request.resource.bucket == bucket;
      allow update: if request.auth != null && request.auth.uid == uid
        && resource.contentType == request.resource.contentType
        && request.resource.metadata.keys().hasOnly(['caption']);
      allow delete: if request.auth != null && request.auth.uid == uid
        && resource.metadata.get('locked', 'no') != 'yes';
    }
    match /teams/{teamId}/{file} {
      allow read: if request.auth != null
        && firestore.exists(/databases/(default)/documents/teams/$(teamId)/members/$(request.auth.uid));
      allow write: if request.auth != null
        && firestore.get(/databases/(default)/documents/teams/$(teamId)).data.owner == request.auth.uid;
    }
  }
}
`;

function doc(path: string, fields: Record<string, string>): FirestoreDocument {
  return {
    name: `projects/demo-storage/databases/(default)/documents/${path}`,
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { stringValue: v }])),
  };
}

const firestoreDocs = new Map<string, FirestoreDocument>();
const firestoreReads: string[] = [];
const firestore: RulesDocumentReader = {
  async get(path) {
    firestoreReads.push(path);
    return firestoreDocs.get(path) ?? null;
  },
};

let dir: string;
let rulesFile: string;
let emulator: StorageEmulator;
let alice: FirebaseStorage;
let bob: FirebaseStorage;
let visitor: FirebaseStorage;
let owner: FirebaseStorage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "storage-rules-test-"));
  rulesFile = join(dir, "storage.rules");
  await writeFile(rulesFile, RULES);
  emulator = await startTestEmulator({ rulesFile, firestore, workDir: join(dir, "work") });
  alice = webStorage(emulator, "alice", { email: "alice@example.com" });
  bob = webStorage(emulator, "bob");
  visitor = webStorage(emulator, null);
  owner = webStorage(emulator, "owner");
  firestoreDocs.set("/databases/(default)/documents/teams/t1", doc("teams/t1", { owner: "alice" }));
  firestoreDocs.set(
    "/databases/(default)/documents/teams/t1/members/bob",
    doc("teams/t1/members/bob", { role: "member" }),
  );
});

afterAll(async () => {
  await deleteWebApps();
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await emulator.clear();
});

const png = (size: number) => binaryBytes(size);

describe("create", () => {
  it("lets a user write an image into their own folder, nobody else", async () => {
    const result = await uploadBytes(ref(alice, "users/alice/avatar.png"), png(1000), {
      contentType: "image/png",
    });
    expect(result.metadata.fullPath).toBe("users/alice/avatar.png");
    expect(
      await errorCode(
        uploadBytes(ref(bob, "users/alice/evil.png"), png(10), { contentType: "image/png" }),
      ),
    ).toBe("storage/unauthorized");
    expect(
      await errorCode(
        uploadBytes(ref(visitor, "users/alice/evil.png"), png(10), { contentType: "image/png" }),
      ),
    ).toBe("storage/unauthorized");
    // A denied write changes nothing.
    expect(await errorCode(getMetadata(ref(owner, "users/alice/evil.png")))).toBe(
      "storage/object-not-found",
    );
  });

  it("checks request.resource.contentType", async () => {
    expect(
      await errorCode(
        uploadString(ref(alice, "users/alice/notes.txt"), "hi", "raw", {
          contentType: "text/plain",
        }),
      ),
    ).toBe("storage/unauthorized");
    // Without a contentType the SDK sends application/octet-stream: also not an image.
    expect(await errorCode(uploadBytes(ref(alice, "users/alice/blob"), png(10)))).toBe(
      "storage/unauthorized",
    );
  });

  it("allows exactly 5 MiB (size <= 5 * 1024 * 1024) and denies one byte more", async () => {
    const atLimit = await uploadBytes(ref(alice, "users/alice/limit.png"), png(FIVE_MB), {
      contentType: "image/png",
    });
    expect(atLimit.metadata.size).toBe(FIVE_MB);
    expect(
      await errorCode(
        uploadBytes(ref(alice, "users/alice/over.png"), png(FIVE_MB + 1), {
          contentType: "image/png",
        }),
      ),
    ).toBe("storage/unauthorized");
    expect(await errorCode(getMetadata(ref(owner, "users/alice/over.png")))).toBe(
      "storage/object-not-found",
    );
    // The denied upload's bytes were discarded, not left behind.
    expect(await readdir(join(dir, "work", "uploads"))).toEqual([]);
  });

  it("applies the same limit to resumable uploads", async () => {
    const ok = await uploadBytesResumable(ref(alice, "users/alice/r.png"), png(FIVE_MB), {
      contentType: "image/png",
    });
    expect(ok.totalBytes).toBe(FIVE_MB);
    expect(
      await errorCode(
        uploadBytesResumable(ref(alice, "users/alice/r2.png"), png(FIVE_MB + 1), {
          contentType: "image/png",
        }) as unknown as Promise<unknown>,
      ),
    ).toBe("storage/unauthorized");
  });
});

describe("read, update, delete", () => {
  beforeEach(async () => {
    await uploadBytes(ref(owner, "users/alice/pic.png"), png(100), {
      contentType: "image/png",
      customMetadata: { caption: "first" },
    });
    await uploadBytes(ref(owner, "users/alice/locked.png"), png(100), {
      contentType: "image/png",
      customMetadata: { locked: "yes" },
    });
  });

  it("lets only the owner read and list", async () => {
    expect((await getMetadata(ref(alice, "users/alice/pic.png"))).customMetadata).toEqual({
      caption: "first",
    });
    expect((await getBytes(ref(alice, "users/alice/pic.png"))).byteLength).toBe(100);
    expect(await errorCode(getMetadata(ref(bob, "users/alice/pic.png")))).toBe(
      "storage/unauthorized",
    );
    expect(await errorCode(getBytes(ref(visitor, "users/alice/pic.png")))).toBe(
      "storage/unauthorized",
    );
    // A missing object the rules allow reading is a 404, one they do not allow a 403.
    expect(await errorCode(getMetadata(ref(alice, "users/alice/none.png")))).toBe(
      "storage/object-not-found",
    );
    expect(await errorCode(getMetadata(ref(bob, "users/alice/none.png")))).toBe(
      "storage/unauthorized",
    );
    const listed = await listAll(ref(alice, "users/alice"));
    expect(listed.items.map((r) => r.name)).toEqual(["locked.png", "pic.png"]);
    expect(await errorCode(list(ref(bob, "users/alice")))).toBe("storage/unauthorized");
    expect(await errorCode(listAll(ref(visitor)))).toBe("storage/unauthorized");
  });

  it("checks updates against resource and request.resource", async () => {
    const updated = await updateMetadata(ref(alice, "users/alice/pic.png"), {
      customMetadata: { caption: "second" },
    });
    expect(updated.customMetadata).toEqual({ caption: "second" });
    expect(
      await errorCode(
        updateMetadata(ref(alice, "users/alice/pic.png"), { customMetadata: { other: "x" } }),
      ),
    ).toBe("storage/unauthorized");
    expect(
      await errorCode(
        updateMetadata(ref(alice, "users/alice/pic.png"), { contentType: "image/gif" }),
      ),
    ).toBe("storage/unauthorized");
    const after = await getMetadata(ref(owner, "users/alice/pic.png"));
    expect(after.customMetadata).toEqual({ caption: "second" });
    expect(after.contentType).toBe("image/png");
    // Overwriting an existing object is an update: its metadata may only hold a caption.
    expect(
      await errorCode(
        uploadBytes(ref(alice, "users/alice/pic.png"), png(5), {
          contentType: "image/png",
          customMetadata: { tag: "x" },
        }),
      ),
    ).toBe("storage/unauthorized");
    expect((await getMetadata(ref(owner, "users/alice/pic.png"))).size).toBe(100);
  });

  it("checks deletes against the stored resource", async () => {
    expect(await errorCode(deleteObject(ref(bob, "users/alice/pic.png")))).toBe(
      "storage/unauthorized",
    );
    expect(await errorCode(deleteObject(ref(alice, "users/alice/locked.png")))).toBe(
      "storage/unauthorized",
    );
    await deleteObject(ref(alice, "users/alice/pic.png"));
    expect(await errorCode(getMetadata(ref(owner, "users/alice/pic.png")))).toBe(
      "storage/object-not-found",
    );
    expect((await getMetadata(ref(owner, "users/alice/locked.png"))).size).toBe(100);
  });

  it("serves download URLs to anyone holding the token, bypassing rules", async () => {
    const url = await getDownloadURL(ref(alice, "users/alice/pic.png"));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
    expect(await errorCode(getDownloadURL(ref(bob, "users/alice/pic.png")))).toBe(
      "storage/unauthorized",
    );
  });
});

describe("firestore.get / firestore.exists", () => {
  it("decides from Firestore documents", async () => {
    firestoreReads.length = 0;
    await uploadString(ref(alice, "teams/t1/plan.txt"), "plan");
    expect(firestoreReads).toContain("/databases/(default)/documents/teams/t1");
    expect(await errorCode(uploadString(ref(bob, "teams/t1/x.txt"), "x"))).toBe(
      "storage/unauthorized",
    );
    expect(await errorCode(uploadString(ref(alice, "teams/t2/x.txt"), "x"))).toBe(
      "storage/unauthorized",
    );
    expect(Buffer.from(await getBytes(ref(bob, "teams/t1/plan.txt"))).toString()).toBe("plan");
    expect(await errorCode(getBytes(ref(alice, "teams/t1/plan.txt")))).toBe("storage/unauthorized");
  });
});

describe("rules files", () => {
  it("reloads a changed rules file and keeps the previous rules when the new one does not load", async () => {
    await uploadString(ref(owner, "public/hello.txt"), "hello");
    expect(Buffer.from(await getBytes(ref(visitor, "public/hello.txt"))).toString()).toBe("hello");

    await writeFile(rulesFile, RULES.replace("allow read: if true;", "allow read: if false;"));
    await waitFor(
      async () =>
        (await errorCode(getBytes(ref(visitor, "public/hello.txt")))) === "storage/unauthorized",
    );
    expect(await errorCode(getBytes(ref(visitor, "public/hello.txt")))).toBe(
      "storage/unauthorized",
    );

    // Broken text: the previous (deny) rules stay in force.
    await writeFile(rulesFile, RULES.replace("allow read: if true;", "allow read: if ;"));
    await new Promise((r) => setTimeout(r, 400));
    expect(await errorCode(getBytes(ref(visitor, "public/hello.txt")))).toBe(
      "storage/unauthorized",
    );

    await writeFile(rulesFile, RULES);
    await waitFor(
      async () => (await errorCode(getBytes(ref(visitor, "public/hello.txt")))) === "resolved",
    );
    expect(Buffer.from(await getBytes(ref(visitor, "public/hello.txt"))).toString()).toBe("hello");
  });

  it("refuses to start with a rules file that does not load, naming the position", async () => {
    const broken = join(dir, "broken.rules");
    await writeFile(
      broken,
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if (;\n  }\n}\n",
    );
    await expect(startTestEmulator({ rulesFile: broken })).rejects.toThrow(/broken\.rules:4:\d+/);
  });

  it("denies every non-admin request without a rules file", async () => {
    const bare = await startTestEmulator();
    try {
      const user = webStorage(bare, "alice");
      const admin = webStorage(bare, "owner");
      expect(await errorCode(uploadString(ref(user, "users/alice/a.png"), "x"))).toBe(
        "storage/unauthorized",
      );
      await uploadString(ref(admin, "a.txt"), "x");
      expect(await errorCode(getBytes(ref(webStorage(bare, null), "a.txt")))).toBe(
        "storage/unauthorized",
      );
      expect(Buffer.from(await getBytes(ref(admin, "a.txt"))).toString()).toBe("x");
    } finally {
      await bare.close();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

void BUCKET;
