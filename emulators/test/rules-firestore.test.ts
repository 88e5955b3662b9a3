import { describe, expect, it } from "vitest";
import { loadRules, type FirestoreRulesRequest, type RulesMethod } from "../src/rules/index.js";
import { makeDocument, memoryReader } from "../src/rules/testing.js";

const NOW = new Date("2024-03-01T00:00:00Z");

function req(
  method: RulesMethod,
  documentPath: string,
  extra: Partial<FirestoreRulesRequest> = {},
): FirestoreRulesRequest {
  return {
    service: "cloud.firestore",
    method,
    database: "(default)",
    documentPath,
    auth: null,
    time: NOW,
    resource: null,
    requestResource: null,
    reader: memoryReader([]),
    ...extra,
  };
}

function firestore(body: string, version = "2") {
  return loadRules(
    `rules_version = '${version}';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`,
    "firestore.rules",
  );
}

const alice = { uid: "alice", token: {} };

describe("match blocks and methods", () => {
  const rules = firestore(`
    match /public/{doc} {
      allow read;
    }
    match /users/{uid} {
      allow get: if request.auth != null && request.auth.uid == uid;
      allow create, update: if request.auth.uid == uid;
      match /notes/{note} {
        allow read, write: if request.auth.uid == uid;
      }
    }`);

  it("allows read without a condition, for get and list", async () => {
    expect((await rules.evaluate(req("get", "public/p1"))).allowed).toBe(true);
    expect((await rules.evaluate(req("list", "public/p1"))).allowed).toBe(true);
    expect((await rules.evaluate(req("create", "public/p1"))).allowed).toBe(false);
  });

  it("names the allow statement that granted access", async () => {
    const d = await rules.evaluate(req("get", "users/alice", { auth: alice }));
    expect(d).toEqual({
      allowed: true,
      reason: "Allowed by allow get at firestore.rules:9 (match /users/{uid}).",
      rules: [expect.objectContaining({ file: "firestore.rules", line: 9, match: "/users/{uid}" })],
    });
  });

  it("says when no rule matched", async () => {
    const d = await rules.evaluate(req("get", "other/x", { auth: alice }));
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("No matching allow statements");
    const nested = await rules.evaluate(req("get", "public/p1/sub/x"));
    expect(nested.allowed).toBe(false);
  });

  it("distinguishes get, list, create, update and delete", async () => {
    expect((await rules.evaluate(req("list", "users/alice", { auth: alice }))).allowed).toBe(false);
    expect((await rules.evaluate(req("create", "users/alice", { auth: alice }))).allowed).toBe(
      true,
    );
    expect((await rules.evaluate(req("update", "users/alice", { auth: alice }))).allowed).toBe(
      true,
    );
    expect((await rules.evaluate(req("delete", "users/alice", { auth: alice }))).allowed).toBe(
      false,
    );
  });

  it("expands read and write in nested blocks with parent wildcards in scope", async () => {
    for (const m of ["get", "list", "create", "update", "delete"] as const) {
      expect(
        (await rules.evaluate(req(m, "users/alice/notes/n1", { auth: alice }))).allowed,
        m,
      ).toBe(true);
      expect((await rules.evaluate(req(m, "users/bob/notes/n1", { auth: alice }))).allowed, m).toBe(
        false,
      );
    }
  });

  it("denies when the condition errors, and reports the error", async () => {
    const d = await rules.evaluate(req("create", "users/alice"));
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(
      /firestore\.rules:10 \(match \/users\/{uid}\): error: Null value error/,
    );
  });

  it("grants when any matching allow statement is true", async () => {
    const r = firestore(`
      match /docs/{id} { allow get: if false; }
      match /{path=**} { allow get: if request.auth != null; }
      match /docs/{id} { allow get: if 1 / 0 == 1; }`);
    const d = await r.evaluate(req("get", "docs/x", { auth: alice }));
    expect(d).toEqual({
      allowed: true,
      reason: "Allowed by allow get at firestore.rules:6 (match /{path=**}).",
      rules: [
        expect.objectContaining({
          line: 6,
          text: "match /{path=**} { allow get: if request.auth != null; }",
        }),
      ],
    });
    expect((await r.evaluate(req("get", "docs/x"))).rules).toEqual([
      expect.objectContaining({ line: 5, failure: "condition is false" }),
      expect.objectContaining({ line: 6, failure: "condition is false" }),
      expect.objectContaining({ line: 7, failure: expect.stringContaining("error:") }),
    ]);
    const denied = await r.evaluate(req("get", "docs/x"));
    expect(denied.allowed).toBe(false);
    expect(denied.reason).toContain("condition is false");
    expect(denied.reason).toContain("Division by zero");
  });

  it("rejects requests for the other service", async () => {
    const d = await rules.evaluate({
      service: "firebase.storage",
      method: "get",
      bucket: "b",
      objectPath: "x",
      auth: null,
      time: NOW,
      resource: null,
      requestResource: null,
    });
    expect(d.allowed).toBe(false);
  });
});

describe("recursive wildcards", () => {
  it("match zero or more segments in version 2 and bind a path", async () => {
    const r = firestore(`
      match /cities/{city}/{rest=**} {
        allow get: if rest == /landmarks/l1 || rest == path('');
      }`);
    expect((await r.evaluate(req("get", "cities/sf"))).allowed).toBe(true);
    expect((await r.evaluate(req("get", "cities/sf/landmarks/l1"))).allowed).toBe(true);
    expect((await r.evaluate(req("get", "cities/sf/landmarks/l2"))).allowed).toBe(false);
  });

  it("match one or more segments in version 1", async () => {
    const r = firestore(`match /cities/{city}/{rest=**} { allow get; }`, "1");
    expect((await r.evaluate(req("get", "cities/sf"))).allowed).toBe(false);
    expect((await r.evaluate(req("get", "cities/sf/landmarks/l1"))).allowed).toBe(true);
  });

  it("may appear before other segments in version 2 (collection groups)", async () => {
    const r = firestore(`
      match /{path=**}/posts/{post} {
        allow list: if post != 'secret';
      }`);
    expect((await r.evaluate(req("list", "posts/p1"))).allowed).toBe(true);
    expect((await r.evaluate(req("list", "users/u/posts/p1"))).allowed).toBe(true);
    expect((await r.evaluate(req("list", "users/u/posts/secret"))).allowed).toBe(false);
    expect((await r.evaluate(req("list", "users/u/comments/c1"))).allowed).toBe(false);
  });

  it("catch everything with /{document=**}", async () => {
    const r = firestore(`match /{document=**} { allow read: if document[0] == 'open'; }`);
    expect((await r.evaluate(req("get", "open/a/b/c"))).allowed).toBe(true);
    expect((await r.evaluate(req("get", "closed/a"))).allowed).toBe(false);
  });
});

describe("request data on writes and queries", () => {
  const rules = firestore(`
    match /posts/{post} {
      allow create: if request.resource.data.keys().hasOnly(['title', 'owner'])
        && request.resource.data.owner == request.auth.uid
        && request.resource.id == post;
      allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title']);
      allow delete: if resource.data.owner == request.auth.uid;
      allow list: if request.query.limit != null && request.query.limit <= 10;
    }`);

  it("checks request.resource on create", async () => {
    const good = makeDocument("posts/p1", { title: "t", owner: "alice" });
    const extra = makeDocument("posts/p1", { title: "t", owner: "alice", admin: true });
    expect(
      (await rules.evaluate(req("create", "posts/p1", { auth: alice, requestResource: good })))
        .allowed,
    ).toBe(true);
    expect(
      (await rules.evaluate(req("create", "posts/p1", { auth: alice, requestResource: extra })))
        .allowed,
    ).toBe(false);
  });

  it("compares before and after on update", async () => {
    const before = makeDocument("posts/p1", { title: "t", owner: "alice" });
    const retitled = makeDocument("posts/p1", { title: "u", owner: "alice" });
    const stolen = makeDocument("posts/p1", { title: "t", owner: "bob" });
    const base = { auth: alice, resource: before };
    expect(
      (await rules.evaluate(req("update", "posts/p1", { ...base, requestResource: retitled })))
        .allowed,
    ).toBe(true);
    expect(
      (await rules.evaluate(req("update", "posts/p1", { ...base, requestResource: stolen })))
        .allowed,
    ).toBe(false);
  });

  it("reads resource on delete and denies a missing resource", async () => {
    const own = makeDocument("posts/p1", { owner: "alice" });
    expect(
      (await rules.evaluate(req("delete", "posts/p1", { auth: alice, resource: own }))).allowed,
    ).toBe(true);
    expect(
      (await rules.evaluate(req("delete", "posts/p1", { auth: alice, resource: null }))).allowed,
    ).toBe(false);
  });

  it("exposes request.query on list", async () => {
    expect((await rules.evaluate(req("list", "posts/p1", { query: { limit: 5 } }))).allowed).toBe(
      true,
    );
    expect((await rules.evaluate(req("list", "posts/p1", { query: { limit: 50 } }))).allowed).toBe(
      false,
    );
    expect((await rules.evaluate(req("list", "posts/p1", { query: {} }))).allowed).toBe(false);
    const ordered = firestore(`match /posts/{p} {
      allow list: if request.query.orderBy.title == 'DESC' && request.query.offset == 2; }`);
    const q = { query: { offset: 2, orderBy: { title: "DESC" as const } } };
    expect((await ordered.evaluate(req("list", "posts/p1", q))).allowed).toBe(true);
    expect((await ordered.evaluate(req("list", "posts/p1"))).allowed).toBe(false);
  });
});

describe("get(), exists(), getAfter(), existsAfter()", () => {
  const rules = firestore(`
    function isAdmin() {
      return get(/databases/$(database)/documents/admins/$(request.auth.uid)).data.level > 1;
    }
    match /rooms/{room} {
      allow get: if exists(/databases/$(database)/documents/rooms/$(room)/members/$(request.auth.uid));
      allow update: if isAdmin();
      allow create: if getAfter(/databases/$(database)/documents/rooms/$(room)).data.owner == request.auth.uid
        && existsAfter(/databases/$(database)/documents/logs/$(room));
    }`);
  const docs = [
    makeDocument("rooms/r1/members/alice", {}),
    makeDocument("admins/alice", { level: 2 }),
    makeDocument("admins/bob", { level: 1 }),
  ];

  it("reads committed documents through the reader", async () => {
    const reader = memoryReader(docs);
    expect((await rules.evaluate(req("get", "rooms/r1", { auth: alice, reader }))).allowed).toBe(
      true,
    );
    expect(reader.reads).toEqual(["/databases/(default)/documents/rooms/r1/members/alice"]);
    expect((await rules.evaluate(req("get", "rooms/r2", { auth: alice, reader }))).allowed).toBe(
      false,
    );
    expect((await rules.evaluate(req("update", "rooms/r1", { auth: alice, reader }))).allowed).toBe(
      true,
    );
    const bob = { uid: "bob", token: {} };
    expect((await rules.evaluate(req("update", "rooms/r1", { auth: bob, reader }))).allowed).toBe(
      false,
    );
    const carol = { uid: "carol", token: {} };
    const missing = await rules.evaluate(req("update", "rooms/r1", { auth: carol, reader }));
    expect(missing.allowed).toBe(false);
    expect(missing.reason).toContain("error");
  });

  it("reads the after-write state through readerAfter", async () => {
    const readerAfter = memoryReader([
      makeDocument("rooms/r9", { owner: "alice" }),
      makeDocument("logs/r9", {}),
    ]);
    const withAfter = req("create", "rooms/r9", { auth: alice, readerAfter });
    expect((await rules.evaluate(withAfter)).allowed).toBe(true);
    const bob = { uid: "bob", token: {} };
    expect((await rules.evaluate({ ...withAfter, auth: bob })).allowed).toBe(false);
    const noAfter = await rules.evaluate(req("create", "rooms/r9", { auth: alice }));
    expect(noAfter.allowed).toBe(false);
    expect(noAfter.reason).toContain("only available on writes");
  });

  it("rejects non-document paths", async () => {
    const r = firestore(
      `match /x/{id} { allow get: if exists(/databases/$(database)/documents/users); }`,
    );
    const d = await r.evaluate(req("get", "x/1"));
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("not a document path");
  });
});

describe("access budget", () => {
  const rules = firestore(`
    function has(n) { return exists(/databases/$(database)/documents/d/$(n)); }
    match /few/{id} { allow get: if has(1) && !has(2) && has(1) && get(/databases/$(database)/documents/d/2) == null; }
    match /many/{id} {
      allow get: if has(1) || has(2) || has(3) || has(4) || has(5) || has(6) || has(7) || has(8) || has(9) || has(10) || has(11);
    }`);

  it("counts repeated reads of the same document once", async () => {
    const reader = memoryReader([makeDocument("d/1", {})]);
    const budget = { used: 0, limit: 10 };
    expect(
      (await rules.evaluate(req("get", "few/x", { reader, accessBudget: budget }))).allowed,
    ).toBe(true);
    expect(budget.used).toBe(2);
    expect(reader.reads.length).toBe(2);
  });

  it("denies when the 11th distinct document is read", async () => {
    const d = await rules.evaluate(req("get", "many/x"));
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("maximum of 10 document access calls");
  });

  it("shares the budget across evaluations of one client request", async () => {
    const reader = memoryReader([makeDocument("d/11", {})]);
    const budget = { used: 0, limit: 20 };
    expect(
      (await rules.evaluate(req("get", "many/a", { reader, accessBudget: budget }))).allowed,
    ).toBe(true);
    expect(budget.used).toBe(11);
    // The same documents are not charged again; the budget object remembers them.
    expect(
      (await rules.evaluate(req("get", "many/b", { reader, accessBudget: budget }))).allowed,
    ).toBe(true);
    expect(budget.used).toBe(11);
    const exhausted = { used: 20, limit: 20 };
    expect(
      (await rules.evaluate(req("get", "many/c", { reader, accessBudget: exhausted }))).allowed,
    ).toBe(false);
  });
});

describe("function scope", () => {
  it("resolves the innermost function and the defining block's wildcards", async () => {
    const r = firestore(`
      function who() { return 'global'; }
      match /a/{x} {
        function who() { return 'outer-' + x; }
        function outerX() { return x; }
        match /b/{x} {
          allow get: if who() == 'outer-' + outerX() && outerX() == 'A' && x == 'B';
        }
      }
      match /c/{y} { allow get: if who() == 'global'; }`);
    expect((await r.evaluate(req("get", "a/A/b/B"))).allowed).toBe(true);
    expect((await r.evaluate(req("get", "a/Z/b/B"))).allowed).toBe(false);
    expect((await r.evaluate(req("get", "c/1"))).allowed).toBe(true);
  });
});

describe("evaluation details", () => {
  it("does not read documents that short-circuiting skips", async () => {
    const r = firestore(`match /s/{id} {
      allow get: if request.auth != null && exists(/databases/$(database)/documents/s/$(id));
    }`);
    const reader = memoryReader([makeDocument("s/1", {})]);
    expect((await r.evaluate(req("get", "s/1", { reader }))).allowed).toBe(false);
    expect(reader.reads).toEqual([]);
    expect((await r.evaluate(req("get", "s/1", { reader, auth: alice }))).allowed).toBe(true);
    expect(reader.reads).toEqual(["/databases/(default)/documents/s/1"]);
  });

  it("denies a condition that is not a bool", async () => {
    const r = firestore("match /n/{id} { allow get: if 1; }");
    const d = await r.evaluate(req("get", "n/1"));
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("condition is int, not bool");
  });

  it("defaults to rules_version 1 and accepts a missing semicolon after rules_version", async () => {
    const v1 = loadRules(
      `service cloud.firestore { match /databases/{db}/documents {
        match /c/{rest=**} { allow get; } } }`,
      "firestore.rules",
    );
    expect((await v1.evaluate(req("get", "c/x"))).allowed).toBe(true);
    expect((await v1.evaluate(req("get", "c"))).allowed).toBe(false);
    const v2 = loadRules(
      `rules_version = '2'
      service cloud.firestore { match /databases/{db}/documents { match /c/{rest=**} { allow get; } } }`,
      "firestore.rules",
    );
    expect((await v2.evaluate(req("get", "c/x"))).allowed).toBe(true);
  });

  it("exposes nested token claims", async () => {
    const r = firestore(`match /t/{id} {
      allow get: if request.auth.token.firebase.sign_in_provider == 'password'
        && request.auth.token.roles.hasAny(['editor']) && request.auth.token.exp > 1000;
    }`);
    const token = {
      firebase: { sign_in_provider: "password" },
      roles: ["editor"],
      exp: 1700000000,
    };
    expect((await r.evaluate(req("get", "t/1", { auth: { uid: "u", token } }))).allowed).toBe(true);
    const anon = { ...token, firebase: { sign_in_provider: "anonymous" } };
    expect((await r.evaluate(req("get", "t/1", { auth: { uid: "u", token: anon } }))).allowed).toBe(
      false,
    );
  });

  it("works with a database other than (default)", async () => {
    const r = firestore(`match /d/{id} {
      allow get: if database == 'other' && exists(/databases/$(database)/documents/d/$(id));
    }`);
    const reader = memoryReader([makeDocument("d/1", {}, "other")]);
    expect((await r.evaluate(req("get", "d/1", { database: "other", reader }))).allowed).toBe(true);
    expect((await r.evaluate(req("get", "d/1", { reader }))).allowed).toBe(false);
  });
});
