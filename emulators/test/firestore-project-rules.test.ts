/**
 * Rules and data per project id: rules set through the control endpoint apply to that project
 * only, firestore.rules (the emulator's rules file) to every project without rules of its own,
 * and clearing a project's database leaves the other projects' data in place.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";

const FILE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /filed/{id} { allow read: if true; }
  }
}`;
const OWN_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /own/{id} { allow read: if true; }
  }
}`;

let dir: string;
let emulator: RunningFirestoreEmulator;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "project-rules-"));
  writeFileSync(join(dir, "firestore.rules"), FILE_RULES);
  emulator = await startFirestoreEmulator({
    port: 0,
    quiet: true,
    rulesFile: join(dir, "firestore.rules"),
  });
  base = `http://127.0.0.1:${emulator.port}`;
});

afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const docUrl = (project: string, path: string) =>
  `${base}/v1/projects/${project}/databases/(default)/documents/${path}`;

async function write(project: string, path: string): Promise<void> {
  const r = await fetch(docUrl(project, path), {
    method: "PATCH",
    headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
    body: JSON.stringify({ fields: { v: { integerValue: "1" } } }),
  });
  expect(r.status).toBe(200);
}

/** HTTP status of a visitor's (no token) read. */
const visitorRead = async (project: string, path: string) =>
  (await fetch(docUrl(project, path))).status;

const adminRead = async (project: string, path: string) =>
  (await fetch(docUrl(project, path), { headers: { Authorization: "Bearer owner" } })).status;

describe("rules per project", () => {
  it("applies PUT securityRules to that project only; the others keep the rules file", async () => {
    for (const p of ["demo-own", "demo-other"]) {
      await write(p, "own/a");
      await write(p, "filed/a");
    }
    const put = await fetch(`${base}/emulator/v1/projects/demo-own:securityRules`, {
      method: "PUT",
      body: JSON.stringify({ rules: { files: [{ name: "firestore.rules", content: OWN_RULES }] } }),
    });
    expect(put.status).toBe(200);

    expect(await visitorRead("demo-own", "own/a")).toBe(200);
    expect(await visitorRead("demo-own", "filed/a")).toBe(403);
    expect(await visitorRead("demo-other", "own/a")).toBe(403);
    expect(await visitorRead("demo-other", "filed/a")).toBe(200);
  });

  it("clears one project's database and nothing else", async () => {
    await write("demo-clear-a", "x/1");
    await write("demo-clear-b", "x/1");
    const cleared = await fetch(
      `${base}/emulator/v1/projects/demo-clear-a/databases/(default)/documents`,
      { method: "DELETE" },
    );
    expect(cleared.status).toBe(200);
    expect(await adminRead("demo-clear-a", "x/1")).toBe(404);
    expect(await adminRead("demo-clear-b", "x/1")).toBe(200);
  });
});
