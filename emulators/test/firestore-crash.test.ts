/**
 * No acknowledged write is lost when the emulator process is killed: the emulator runs as a child
 * process with an export directory, firebase-admin writes to it continuously from several loops,
 * the process gets SIGKILL mid-load, and after a restart on the same directory every write that
 * was acknowledged is there with its value. Runs only against this emulator (it owns the process).
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulatorProcess } from "./emulator-process.js";
import { afterAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import { ADMIN } from "../src/shared/auth.js";
import { deleteApp, initializeApp } from "firebase-admin/app";
import type { App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import type { Firestore } from "firebase-admin/firestore";

const dataDir = mkdtempSync(join(tmpdir(), "firestore-crash-"));
const projectId = "demo-crash";
const LOOPS = 8;
const LOAD_MS = 2000;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startChild(): Promise<{ child: ChildProcess; port: number }> {
  const { child, ready } = await startEmulatorProcess(
    "src/firestore/main.ts",
    dataDir,
    /listening on [\d.]+:(\d+)/,
  );
  return { child, port: Number(ready[1]) };
}

const apps: App[] = [];

function adminFor(port: number, name: string): Firestore {
  process.env.METADATA_SERVER_DETECTION = "none";
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId }, name);
  apps.push(app);
  return getFirestore(app);
}

describe("crash safety", () => {
  it("keeps every acknowledged write across SIGKILL and restart", async () => {
    const first = await startChild();
    const db = adminFor(first.port, "before-crash");
    await db.doc("load/warm-up").set({ i: 0 }); // the SDK's first connection is slow
    const acknowledged = new Map<string, number>();
    let killed = false;
    const loops = Array.from({ length: LOOPS }, async (_, loop) => {
      for (let i = 0; !killed; i++) {
        const id = `l${loop}-${i}`;
        try {
          // Each loop also rewrites one document, so the latest value must win after replay.
          await Promise.all([
            db.doc(`load/${id}`).set({ loop, i }),
            db.doc(`latest/l${loop}`).set({ i }),
          ]);
          if (!killed) {
            acknowledged.set(`load/${id}`, i);
            acknowledged.set(`latest/l${loop}`, i);
          }
        } catch {
          return; // the process is gone
        }
      }
    });
    await new Promise((r) => setTimeout(r, LOAD_MS));
    const exited = once(first.child, "exit");
    first.child.kill("SIGKILL");
    // Only writes acknowledged before the kill count: an answer racing the kill is not trusted.
    killed = true;
    await exited;
    await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 2000))]);
    console.log(`crash test: ${acknowledged.size} acknowledged writes before SIGKILL`);
    expect(acknowledged.size).toBeGreaterThan(20);
    expect(readdirSync(join(dataDir, "journal")).length).toBeGreaterThan(0);

    const second = await startChild();
    const after = adminFor(second.port, "after-crash");
    try {
      const refs = [...acknowledged.keys()].map((path) => after.doc(path));
      const snaps = await after.getAll(...refs);
      const missing = snaps.filter((s) => !s.exists).map((s) => s.ref.path);
      expect(missing).toEqual([]);
      const wrong = snaps.filter((s) => s.get("i") < acknowledged.get(s.ref.path)!);
      expect(wrong.map((s) => s.ref.path)).toEqual([]);
    } finally {
      second.child.kill("SIGTERM");
      await once(second.child, "exit");
      await Promise.all(apps.map((app) => deleteApp(app).catch(() => undefined)));
    }
  }, 60_000);

  it("compacts the journal into the export and removes it on a clean close", async () => {
    const dir = mkdtempSync(join(tmpdir(), "firestore-compact-"));
    try {
      const database = "projects/demo-compact/databases/(default)";
      const set = (engine: import("../src/firestore/engine.js").FirestoreEngine, id: string) =>
        engine.commit(
          database,
          { writes: [{ update: { name: `${database}/documents/c/${id}`, fields: {} } }] },
          ADMIN,
        );
      const first = await startFirestoreEmulator({ port: 0, quiet: true, exportDir: dir });
      await set(first.engine, "before-compaction");
      await first.exportNow(); // compaction: snapshot exported, older segments dropped
      await set(first.engine, "after-compaction");
      expect(readdirSync(join(dir, "journal"))).toHaveLength(1);
      await first.close();
      expect(existsSync(join(dir, "journal"))).toBe(false);

      const second = await startFirestoreEmulator({
        port: 0,
        quiet: true,
        importDir: dir,
        exportDir: dir,
      });
      const got = await second.engine.batchGetDocuments(
        database,
        {
          documents: [
            `${database}/documents/c/before-compaction`,
            `${database}/documents/c/after-compaction`,
          ],
        },
        ADMIN,
      );
      expect(got.map((r) => !!r.found)).toEqual([true, true]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
