/**
 * No acknowledged write is lost when the emulator process is killed: the emulator runs as a child
 * process with an export directory, firebase-admin writes to it continuously from several loops,
 * the process gets SIGKILL mid-load, and after a restart on the same directory every write that
 * was acknowledged is there with its value. Runs only against this emulator (it owns the process).
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { deleteApp, initializeApp } from "firebase-admin/app";
import type { App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import type { Firestore } from "firebase-admin/firestore";

const emulatorsDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(join(tmpdir(), "firestore-crash-"));
const projectId = "demo-crash";
const LOOPS = 8;
const LOAD_MS = 1500;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startChild(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/firestore/main.ts",
      "--port",
      "0",
      "--import",
      dataDir,
      "--export-on-exit",
      dataDir,
    ],
    { cwd: emulatorsDir, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${output}`)), 30_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /listening on [\d.]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}:\n${output}`)));
  });
  return { child, port };
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
    expect(acknowledged.size).toBeGreaterThan(50);
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
});
