/** Security rules enforced on lite web SDK clients: visitors, signed-in users and the admin. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collection,
  deleteDoc,
  doc,
  getCount,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from "firebase/firestore/lite";
import { startTarget, type Target } from "./firestore-harness.js";

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /public/{id} {
      allow read: if true;
    }
    match /users/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /posts/{id} {
      allow read: if resource.data.published == true
        || (request.auth != null && resource.data.owner == request.auth.uid);
      allow create: if request.auth != null && request.resource.data.owner == request.auth.uid;
      allow update: if request.auth != null && resource.data.owner == request.auth.uid
        && request.resource.data.owner == resource.data.owner;
    }
    match /profiles/{uid} {
      allow read: if exists(/databases/$(database)/documents/users/$(uid));
      allow create: if request.auth != null && request.auth.uid == uid
        && getAfter(/databases/$(database)/documents/users/$(uid)).data.ready == true;
    }
    match /stamped/{id} {
      allow create: if request.resource.data.at == request.time;
    }
    match /admins/{id} {
      allow read: if request.auth.token.admin == true;
    }
  }
}
`;

let t: Target;
let admin: Firestore;
let visitor: Firestore;
let alice: Firestore;
let bob: Firestore;
let boss: Firestore;

const denied = { code: "permission-denied" };

beforeAll(async () => {
  t = await startTarget("rules");
  admin = t.admin;
  visitor = t.client();
  alice = t.client("alice");
  bob = t.client("bob");
  boss = t.client("carol", { admin: true });
  const batch = writeBatch(admin);
  batch.set(doc(admin, "public/p1"), { text: "hello" });
  batch.set(doc(admin, "posts/a1"), { owner: "alice", published: true });
  batch.set(doc(admin, "posts/a2"), { owner: "alice", published: false });
  batch.set(doc(admin, "posts/b1"), { owner: "bob", published: false });
  batch.set(doc(admin, "users/alice"), { name: "Alice" });
  batch.set(doc(admin, "admins/x"), { secret: 1 });
  await batch.commit();
});
afterAll(() => t.close());

describe("without rules", () => {
  it("denies clients and allows the admin", async () => {
    // The official emulator starts open when no rules are loaded; this one starts locked down.
    if (t.engine) {
      await expect(getDoc(doc(visitor, "public/p1"))).rejects.toMatchObject(denied);
      const raw = await t.rest("GET", `/v1/${t.root}/public/p1`, undefined, "");
      expect(raw.status).toBe(403);
      expect(raw.body.error).toEqual({
        code: 403,
        message: "Missing or insufficient permissions.",
        status: "PERMISSION_DENIED",
      });
    }
    expect((await getDoc(doc(admin, "public/p1"))).exists()).toBe(true);
  });
});

describe("with rules", () => {
  beforeAll(async () => {
    const reply = await t.setRules(RULES);
    expect(reply.status).toBe(200);
  });

  it("rejects an invalid rules file with INVALID_ARGUMENT", async () => {
    if (!t.engine) return; // the official emulator reports rule errors differently
    const reply = await t.setRules("service cloud.firestore { match /x { allow read: if ; } }");
    expect(reply.status).toBe(400);
    expect(reply.body.error.status).toBe("INVALID_ARGUMENT");
    // the previous rules stay in force
    expect((await getDoc(doc(visitor, "public/p1"))).data()).toEqual({ text: "hello" });
  });

  it("get: allowed and denied single reads", async () => {
    expect((await getDoc(doc(visitor, "public/p1"))).data()).toEqual({ text: "hello" });
    expect((await getDoc(doc(alice, "users/alice"))).data()).toEqual({ name: "Alice" });
    await expect(getDoc(doc(bob, "users/alice"))).rejects.toMatchObject(denied);
    await expect(getDoc(doc(visitor, "users/alice"))).rejects.toMatchObject(denied);
    expect((await getDoc(doc(bob, "users/bob"))).exists()).toBe(false);
  });

  it("list: a query is denied when any returned document is denied", async () => {
    const posts = collection(alice, "posts");
    const mine = await getDocs(query(posts, where("owner", "==", "alice")));
    expect(mine.docs.map((d) => d.id)).toEqual(["a1", "a2"]);
    const published = await getDocs(
      query(collection(visitor, "posts"), where("published", "==", true)),
    );
    expect(published.docs.map((d) => d.id)).toEqual(["a1"]);
    await expect(getDocs(collection(alice, "posts"))).rejects.toMatchObject(denied);
    await expect(getCount(collection(visitor, "posts"))).rejects.toMatchObject(denied);
    expect(
      (await getCount(query(collection(bob, "posts"), where("owner", "==", "bob")))).data().count,
    ).toBe(1);
  });

  it("create / update / delete see resource and request.resource", async () => {
    await setDoc(doc(bob, "posts/b2"), { owner: "bob", published: false });
    await expect(setDoc(doc(bob, "posts/b3"), { owner: "alice" })).rejects.toMatchObject(denied);
    await updateDoc(doc(bob, "posts/b2"), { published: true });
    await expect(updateDoc(doc(bob, "posts/b2"), { owner: "alice" })).rejects.toMatchObject(denied);
    await expect(updateDoc(doc(alice, "posts/b2"), { published: false })).rejects.toMatchObject(
      denied,
    );
    await expect(deleteDoc(doc(bob, "posts/b2"))).rejects.toMatchObject(denied);
    expect((await getDoc(doc(admin, "posts/b2"))).data()).toEqual({
      owner: "bob",
      published: true,
    });
    await deleteDoc(doc(admin, "posts/b2"));
  });

  it("server timestamps equal request.time", async () => {
    // Many quick commits: each must still see its own server timestamp as request.time.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        setDoc(doc(alice, `stamped/s${i}`), { at: serverTimestamp() }),
      ),
    );
    expect((await getDoc(doc(admin, "stamped/s9"))).get("at")).toBeInstanceOf(Timestamp);
    await expect(
      setDoc(doc(alice, "stamped/late"), { at: Timestamp.fromMillis(Date.now() - 60_000) }),
    ).rejects.toMatchObject(denied);
  });

  it("token claims reach request.auth.token", async () => {
    expect((await getDoc(doc(boss, "admins/x"))).exists()).toBe(true);
    await expect(getDoc(doc(alice, "admins/x"))).rejects.toMatchObject(denied);
  });

  it("exists() reads committed data; getAfter() sees the whole batch", async () => {
    await expect(getDoc(doc(bob, "profiles/bob"))).rejects.toMatchObject(denied);
    await expect(setDoc(doc(bob, "profiles/bob"), { bio: "hi" })).rejects.toMatchObject(denied);
    const batch = writeBatch(bob);
    batch.set(doc(bob, "users/bob"), { ready: true });
    batch.set(doc(bob, "profiles/bob"), { bio: "hi" });
    await batch.commit();
    expect((await getDoc(doc(bob, "profiles/bob"))).data()).toEqual({ bio: "hi" });
    expect((await getDoc(doc(visitor, "profiles/bob"))).exists()).toBe(true);
  });

  it("a denied write in a batch applies nothing", async () => {
    const batch = writeBatch(alice);
    batch.set(doc(alice, "users/alice"), { name: "Changed" });
    batch.set(doc(alice, "public/p2"), { text: "nope" });
    await expect(batch.commit()).rejects.toMatchObject(denied);
    expect((await getDoc(doc(admin, "users/alice"))).data()).toEqual({ name: "Alice" });
    expect((await getDoc(doc(admin, "public/p2"))).exists()).toBe(false);
  });

  it("listing collection ids is admin-only", async () => {
    const asClient = await t.rest("POST", `/v1/${t.root}:listCollectionIds`, {}, "");
    expect(asClient.status).toBe(403);
    const asAdmin = await t.rest("POST", `/v1/${t.root}:listCollectionIds`, {});
    expect(asAdmin.body.collectionIds).toEqual([
      "admins",
      "posts",
      "profiles",
      "public",
      "stamped",
      "users",
    ]);
  });

  it("an undecodable token is UNAUTHENTICATED", async () => {
    const reply = await t.rest("GET", `/v1/${t.root}/public/p1`, undefined, "not-a-jwt");
    expect(reply.status).toBe(401);
    expect(reply.body.error.status).toBe("UNAUTHENTICATED");
  });
});
