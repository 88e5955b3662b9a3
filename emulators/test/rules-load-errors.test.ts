import { describe, expect, it } from "vitest";
import { RulesLoadError, loadRules } from "../src/rules/index.js";

function wrap(body: string): string {
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /x/{id} {
      ${body}
    }
  }
}`;
}

function loadError(source: string): RulesLoadError {
  try {
    loadRules(source, "firestore.rules");
  } catch (err) {
    if (err instanceof RulesLoadError) return err;
    throw err;
  }
  throw new Error("expected a RulesLoadError");
}

describe("load errors", () => {
  it("reports file, line and column", () => {
    const err = loadError(wrap("allow get: if foo(1);"));
    expect(err).toBeInstanceOf(RulesLoadError);
    expect(err.fileName).toBe("firestore.rules");
    expect(err.line).toBe(5);
    expect(err.column).toBe(21);
    expect(err.detail).toBe("Unknown function 'foo'.");
    expect(err.message).toBe("firestore.rules:5:21: Unknown function 'foo'.");
  });

  it("rejects unknown names that are known at load time", () => {
    expect(loadError(wrap("allow get: if nope == 1;")).detail).toContain("Unknown variable 'nope'");
    expect(loadError(wrap("allow get: if math.cube(2) == 8;")).detail).toContain(
      "Unknown function 'math.cube'",
    );
    expect(loadError(wrap("allow get: if 'a'.shout() == 'A';")).detail).toContain(
      "Unknown method 'shout'",
    );
    expect(loadError(wrap("allow get: if firestore.get(/a/b) == null;")).detail).toContain(
      "not available",
    );
    expect(loadError(wrap("allow get: if 1 is integer;")).detail).toContain("Unknown type name");
    expect(loadError(wrap("allow get: if math == 1;")).detail).toContain("namespace");
    expect(loadError(wrap("allow get: if request.time.year(1) == 1;")).detail).toContain("takes 0");
    expect(loadError(wrap("allow get: if get(/a, /b) == null;")).detail).toContain("takes 1");
  });

  it("rejects unknown keywords and allow methods", () => {
    const err = loadError(wrap("allow fetch: if true;"));
    expect(err.detail).toContain("Unknown allow method 'fetch'");
    expect([err.line, err.column]).toEqual([5, 13]);
    expect(loadError(wrap("deny get: if true;")).detail).toContain(
      "Expected 'allow', 'match', 'function' or '}'",
    );
    expect(loadError(wrap("allow get: iff true;")).detail).toContain("Expected 'if'");
  });

  it("rejects wrong services and top-level matches", () => {
    expect(loadError("service cloud.datastore { }").detail).toContain(
      "Unknown service 'cloud.datastore'",
    );
    expect(
      loadError("service cloud.firestore { match /users/{u} { allow read; } }").detail,
    ).toContain("must be 'match /databases/{database}/documents'");
    expect(
      loadError("service firebase.storage { match /databases/{d}/documents { } }").detail,
    ).toContain("must be 'match /b/{bucket}/o'");
    expect(loadError("rules_version = '3'; service cloud.firestore {}").detail).toContain(
      "rules_version",
    );
    expect(loadError("service cloud.firestore { allow read; }").detail).toContain(
      "inside a 'match'",
    );
  });

  it("rejects syntax errors", () => {
    const unterminated = loadError(wrap("allow get: if 'abc == 1;"));
    expect(unterminated.detail).toContain("Unterminated string");
    expect([unterminated.line, unterminated.column]).toEqual([5, 21]);
    expect(loadError(wrap("allow get: if (1 == 1;")).detail).toContain("Expected ')'");
    expect(loadError(wrap("allow get: if 1 == 1 #;")).detail).toContain("Unexpected character");
    expect(loadError(wrap("function f() { let a = 1; }")).detail).toContain("'return'");
    expect(loadError(wrap("match /a/{b=**}/{c=**} { allow read; }")).detail).toContain(
      "Only one recursive",
    );
  });

  it("bounds expression size", () => {
    const long = Array.from({ length: 600 }, (_, i) => `id == '${i}'`).join(" || ");
    expect(loadError(wrap(`allow get: if ${long};`)).detail).toContain("chained operators");
    const deep = "(".repeat(150) + "true" + ")".repeat(150);
    expect(loadError(wrap(`allow get: if ${deep};`)).detail).toContain("nested too deeply");
  });

  it("rejects recursive wildcards before the end in rules_version 1", () => {
    const v1 = wrap("match /{p=**}/x/{y} { allow read; }").replace(
      "rules_version = '2';",
      "rules_version = '1';",
    );
    expect(loadError(v1).detail).toContain("must be the last segment");
    expect(() =>
      loadRules(wrap("match /{p=**}/x/{y} { allow read; }"), "firestore.rules"),
    ).not.toThrow();
  });

  it("loads the project's own rules files", () => {
    const fs = `rules_version = '2';
// comment
service cloud.firestore {
  match /databases/{database}/documents {
    /* block
       comment */
    match /{document=**} {
      allow read, write: if false;
    }
  }
}`;
    expect(loadRules(fs, "firestore.rules").service).toBe("cloud.firestore");
    const crlfWithBom = "\uFEFF" + fs.replace(/\n/g, "\r\n");
    expect(loadRules(crlfWithBom, "firestore.rules").service).toBe("cloud.firestore");
    const err = loadError(crlfWithBom.replace("if false", "if nope"));
    expect([err.line, err.column]).toEqual([8, 29]);
  });
});
