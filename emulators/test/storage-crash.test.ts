/**
 * No acknowledged Storage change is lost when the emulator process is killed: the emulator runs
 * as a child process with an export directory, uploads (and deletes) run from several loops, the
 * process gets SIGKILL mid-load, and after a restart on the same directory every acknowledged
 * object is there with its bytes and every acknowledged delete stays deleted.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulatorProcess } from "./emulator-process.js";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(join(tmpdir(), "storage-crash-"));
const BUCKET = "demo-crash.appspot.com";
const LOOPS = 6;
const LOAD_MS = 2000;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const { child, ready } = await startEmulatorProcess(
    "src/storage/main.ts",
    dataDir,
    /listening on (http:\/\/\S+)/,
  );
  return { child, url: ready[1]! };
}

const objectUrl = (base: string, name: string) =>
  `${base}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(name)}`;

describe("storage crash safety", () => {
  it("keeps every acknowledged upload and delete across SIGKILL and restart", async () => {
    const first = await startChild();
    const present = new Map<string, string>();
    const deleted = new Set<string>();
    let killed = false;
    const loops = Array.from({ length: LOOPS }, async (_, loop) => {
      for (let i = 0; !killed; i++) {
        const name = `load/l${loop}/${i}.txt`;
        const body = `loop ${loop} object ${i}`;
        try {
          const put = await fetch(
            `${first.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${encodeURIComponent(name)}`,
            { method: "POST", headers: { "Content-Type": "text/plain" }, body },
          );
          if (put.status !== 200 || killed) return;
          present.set(name, body);
          if (i % 5 === 4) {
            const victim = `load/l${loop}/${i - 2}.txt`;
            // Until its answer arrives, a delete may or may not have happened.
            present.delete(victim);
            const del = await fetch(objectUrl(first.url, victim), { method: "DELETE" });
            if (del.status !== 204 || killed) return;
            deleted.add(victim);
          }
        } catch {
          return; // the process is gone
        }
      }
    });
    await new Promise((r) => setTimeout(r, LOAD_MS));
    const exited = once(first.child, "exit");
    first.child.kill("SIGKILL");
    killed = true;
    await exited;
    await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 2000))]);
    console.log(
      `storage crash test: ${present.size} objects, ${deleted.size} deletes acknowledged`,
    );
    expect(present.size).toBeGreaterThan(20);
    expect(deleted.size).toBeGreaterThan(0);

    const second = await startChild();
    try {
      const wrong: string[] = [];
      for (const [name, body] of present) {
        const got = await fetch(`${objectUrl(second.url, name)}?alt=media`);
        const text = await got.text();
        if (got.status !== 200 || text !== body)
          wrong.push(`${name} ${got.status} ${text.slice(0, 80)}`);
      }
      expect(wrong).toEqual([]);
      for (const name of deleted) {
        expect((await fetch(objectUrl(second.url, name))).status, name).toBe(404);
      }
    } finally {
      const exited2 = once(second.child, "exit");
      second.child.kill("SIGTERM");
      await exited2;
    }
  }, 60_000);
});
