import { describe, expect, it } from "vitest";
import {
  loadRules,
  type RulesMethod,
  type StorageObjectMetadata,
  type StorageRulesRequest,
} from "../src/rules/index.js";
import { makeDocument, memoryReader } from "../src/rules/testing.js";

const NOW = new Date("2024-03-01T12:00:00Z");

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function signedIn() { return request.auth != null; }
    match /users/{uid}/{file=**} {
      allow read: if signedIn() && request.auth.uid == uid;
      allow create: if request.auth.uid == uid
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*')
        && request.resource.metadata.get('visibility', 'private') in ['private', 'public'];
      allow update: if request.resource.metadata.visibility == resource.metadata.visibility;
      allow delete: if resource.timeCreated < request.time - duration.value(1, 'h')
        && resource.bucket == bucket && resource.name == 'users/' + uid + '/' + file[0];
    }
    match /rooms/{room}/{file} {
      allow get: if firestore.exists(/databases/(default)/documents/rooms/$(room)/members/$(request.auth.uid));
      allow create: if firestore.get(/databases/(default)/documents/rooms/$(room)).data.open == true;
    }
    match /public/{all=**} {
      allow list: if request.path == /b/$(bucket)/o/public/$(all) ;
    }
  }
}`;

const rules = loadRules(RULES, "storage.rules");
const alice = { uid: "alice", token: {} };

function object(name: string, extra: Partial<StorageObjectMetadata> = {}): StorageObjectMetadata {
  return { name, bucket: "demo.appspot.com", size: 1024, contentType: "image/png", ...extra };
}

function req(
  method: RulesMethod,
  objectPath: string,
  extra: Partial<StorageRulesRequest> = {},
): StorageRulesRequest {
  return {
    service: "firebase.storage",
    method,
    bucket: "demo.appspot.com",
    objectPath,
    auth: alice,
    time: NOW,
    resource: null,
    requestResource: null,
    ...extra,
  };
}

describe("storage rules", () => {
  it("matches /b/{bucket}/o and recursive object paths", async () => {
    expect(rules.service).toBe("firebase.storage");
    expect((await rules.evaluate(req("get", "users/alice/photo.png"))).allowed).toBe(true);
    expect((await rules.evaluate(req("get", "users/alice/a/b/c.png"))).allowed).toBe(true);
    expect((await rules.evaluate(req("list", "users/alice/"))).allowed).toBe(true);
    expect((await rules.evaluate(req("get", "users/bob/photo.png"))).allowed).toBe(false);
    expect(
      (await rules.evaluate(req("get", "users/alice/photo.png", { auth: null }))).allowed,
    ).toBe(false);
    expect((await rules.evaluate(req("get", "elsewhere/x"))).reason).toContain("No matching allow");
  });

  it("checks request.resource size, contentType and metadata on create", async () => {
    const ok = object("users/alice/p.png", { metadata: { visibility: "public" } });
    expect(
      (await rules.evaluate(req("create", "users/alice/p.png", { requestResource: ok }))).allowed,
    ).toBe(true);
    const noMeta = object("users/alice/p.png");
    expect(
      (await rules.evaluate(req("create", "users/alice/p.png", { requestResource: noMeta })))
        .allowed,
    ).toBe(true);
    const big = object("users/alice/p.png", { size: 6 * 1024 * 1024 });
    expect(
      (await rules.evaluate(req("create", "users/alice/p.png", { requestResource: big }))).allowed,
    ).toBe(false);
    const pdf = object("users/alice/p.pdf", { contentType: "application/pdf" });
    expect(
      (await rules.evaluate(req("create", "users/alice/p.pdf", { requestResource: pdf }))).allowed,
    ).toBe(false);
    const untyped = object("users/alice/p", { contentType: undefined });
    const d = await rules.evaluate(req("create", "users/alice/p", { requestResource: untyped }));
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("error");
    const weird = object("users/alice/p.png", { metadata: { visibility: "secret" } });
    expect(
      (await rules.evaluate(req("create", "users/alice/p.png", { requestResource: weird })))
        .allowed,
    ).toBe(false);
  });

  it("compares resource and request.resource on update", async () => {
    const before = object("users/alice/p.png", { metadata: { visibility: "public" } });
    const same = object("users/alice/p.png", { metadata: { visibility: "public" } });
    const changed = object("users/alice/p.png", { metadata: { visibility: "private" } });
    const base = { resource: before };
    expect(
      (await rules.evaluate(req("update", "users/alice/p.png", { ...base, requestResource: same })))
        .allowed,
    ).toBe(true);
    expect(
      (
        await rules.evaluate(
          req("update", "users/alice/p.png", { ...base, requestResource: changed }),
        )
      ).allowed,
    ).toBe(false);
  });

  it("exposes timestamps, bucket and name of the stored object", async () => {
    const old = object("users/alice/p.png", { timeCreated: "2024-03-01T10:00:00.000Z" });
    const fresh = object("users/alice/p.png", { timeCreated: "2024-03-01T11:30:00Z" });
    expect(
      (await rules.evaluate(req("delete", "users/alice/p.png", { resource: old }))).allowed,
    ).toBe(true);
    expect(
      (await rules.evaluate(req("delete", "users/alice/p.png", { resource: fresh }))).allowed,
    ).toBe(false);
    expect(
      (await rules.evaluate(req("delete", "users/alice/p.png", { resource: null }))).allowed,
    ).toBe(false);
  });

  it("reads Firestore through request.firestore", async () => {
    const firestore = memoryReader([
      makeDocument("rooms/r1/members/alice", {}),
      makeDocument("rooms/r1", { open: true }),
    ]);
    expect((await rules.evaluate(req("get", "rooms/r1/f.png", { firestore }))).allowed).toBe(true);
    expect(firestore.reads).toEqual(["/databases/(default)/documents/rooms/r1/members/alice"]);
    expect((await rules.evaluate(req("get", "rooms/r2/f.png", { firestore }))).allowed).toBe(false);
    expect((await rules.evaluate(req("create", "rooms/r1/f.png", { firestore }))).allowed).toBe(
      true,
    );
    const noReader = await rules.evaluate(req("get", "rooms/r1/f.png"));
    expect(noReader.allowed).toBe(false);
    expect(noReader.reason).toContain("no document reader");
  });

  it("builds request.path as /b/{bucket}/o/{object}", async () => {
    expect((await rules.evaluate(req("list", "public/a/b"))).allowed).toBe(true);
    expect((await rules.evaluate(req("get", "public/a/b"))).allowed).toBe(false);
  });

  it("does not offer Firestore-only functions", () => {
    const src = RULES.replace("firestore.exists(", "exists(");
    expect(() => loadRules(src, "storage.rules")).toThrow(
      /storage\.rules:16:\d+: Unknown function 'exists'/,
    );
  });
});
