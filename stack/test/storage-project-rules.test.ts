/**
 * The platform's own storage.rules (repository root) served by the emulator: profile photos and
 * project images, the 5 MB / image-type limits, and the project-manager check via firestore.get().
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deleteObject, getBytes, listAll, ref, uploadBytes } from "firebase/storage";
import type { RulesDocumentReader } from "@platform/emulators/rules";
import type { StorageEmulator } from "@platform/emulators/storage";
import {
  binaryBytes,
  deleteWebApps,
  errorCode,
  startTestEmulator,
  webStorage,
} from "@platform/emulators/testing/storage";

const rulesFile = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "storage.rules");
const FIVE_MB = 5 * 1024 * 1024;

// The project and its manager's profile: storage.rules, like canManageProject, wants the
// manager's position to be exactly "Project Manager".
type Fields = NonNullable<Awaited<ReturnType<RulesDocumentReader["get"]>>>["fields"];
const documents: Record<string, Fields> = {
  "projects/p1": { managerId: { stringValue: "manager" }, name: { stringValue: "P1" } },
  "users/manager": {
    position: { mapValue: { fields: { name: { stringValue: "Project Manager" } } } },
  },
};

const firestore: RulesDocumentReader = {
  async get(path) {
    const relative = path.replace("/databases/(default)/documents/", "");
    const fields = documents[relative];
    if (!fields) return null;
    return { name: `projects/demo-storage/databases/(default)/documents/${relative}`, fields };
  },
};

let emulator: StorageEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ rulesFile, firestore });
});

afterAll(async () => {
  await deleteWebApps();
  await emulator.close();
});

beforeEach(async () => {
  await emulator.clear();
});

const jpeg = { contentType: "image/jpeg" };

describe("platform storage.rules", () => {
  it("lets members upload their own profile photo within the limits; anyone may read it", async () => {
    const member = webStorage(emulator, "member");
    await uploadBytes(ref(member, "users/member/profile/photo.jpg"), binaryBytes(FIVE_MB), jpeg);
    expect(
      await errorCode(
        uploadBytes(ref(member, "users/member/profile/big.jpg"), binaryBytes(FIVE_MB + 1), jpeg),
      ),
    ).toBe("storage/unauthorized");
    expect(
      await errorCode(
        uploadBytes(ref(member, "users/member/profile/anim.gif"), binaryBytes(10), {
          contentType: "image/gif",
        }),
      ),
    ).toBe("storage/unauthorized");
    expect(
      await errorCode(
        uploadBytes(
          ref(webStorage(emulator, "other"), "users/member/profile/x.jpg"),
          binaryBytes(10),
          jpeg,
        ),
      ),
    ).toBe("storage/unauthorized");
    const visitor = webStorage(emulator, null);
    expect((await getBytes(ref(visitor, "users/member/profile/photo.jpg"))).byteLength).toBe(
      FIVE_MB,
    );
    expect(await errorCode(deleteObject(ref(visitor, "users/member/profile/photo.jpg")))).toBe(
      "storage/unauthorized",
    );
    await deleteObject(ref(member, "users/member/profile/photo.jpg"));
  });

  it("lets only the project's manager (from Firestore) write its image", async () => {
    const manager = webStorage(emulator, "manager");
    await uploadBytes(ref(manager, "projects/p1/image/cover.png"), binaryBytes(2000), {
      contentType: "image/png",
    });
    expect(
      await errorCode(
        uploadBytes(
          ref(webStorage(emulator, "member"), "projects/p1/image/x.png"),
          binaryBytes(10),
          {
            contentType: "image/png",
          },
        ),
      ),
    ).toBe("storage/unauthorized");
    // No project document: firestore.get() yields null and the rule denies.
    expect(
      await errorCode(
        uploadBytes(ref(manager, "projects/p2/image/x.png"), binaryBytes(10), {
          contentType: "image/png",
        }),
      ),
    ).toBe("storage/unauthorized");
    const visitor = webStorage(emulator, null);
    expect((await getBytes(ref(visitor, "projects/p1/image/cover.png"))).byteLength).toBe(2000);
    // Listing is checked against the folder path "projects/p1/image", which the file-level match
    // `/projects/{projectId}/image/{fileName}` does not cover: the folder cannot be listed.
    expect(await errorCode(listAll(ref(visitor, "projects/p1/image")))).toBe(
      "storage/unauthorized",
    );
  });

  it("keeps everything else closed", async () => {
    const member = webStorage(emulator, "member");
    expect(await errorCode(uploadBytes(ref(member, "misc/file.jpg"), binaryBytes(10), jpeg))).toBe(
      "storage/unauthorized",
    );
    expect(await errorCode(listAll(ref(member)))).toBe("storage/unauthorized");
  });
});
