/**
 * The Auth emulator has no journal of its own: the stack exports its accounts through the
 * firebase-tools hub every AUTH_AUTOSAVE_MS, so a killed stack loses at most that interval.
 * Here firebase-tools' real Auth emulator runs on free ports (its own firebase.json, so a running
 * `npm start` is not touched), accounts are created, the autosave runs (a short interval for the
 * test), the whole process group is killed with SIGKILL (no export on exit), and a fresh emulator
 * started from the autosave directory has every account created before the last autosave.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoverAuthExport, startAuthAutosave } from "../src/cli/auth-autosave.js";
import { firebaseBin } from "../src/cli/paths.js";
import { httpOk, waitFor } from "../src/cli/wait.js";

const PROJECT = "demo-autosave";
const INTERVAL_MS = 1_000;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

let dir: string;
let ports: { auth: number; hub: number; logging: number };
const exportDir = () => join(dir, "auth-data");
const authUrl = () => `http://127.0.0.1:${ports.auth}`;

/** firebase-tools' Auth emulator in its own process group, importing the autosave when present. */
async function startAuthEmulator(): Promise<ChildProcess> {
  const args = ["emulators:start", "--only", "auth", "--project", PROJECT];
  if (existsSync(join(exportDir(), "firebase-export-metadata.json"))) {
    args.push("--import", exportDir());
  }
  const child = spawn(firebaseBin, args, {
    cwd: dir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: "1" },
    detached: true,
    stdio: "ignore",
  });
  await waitFor(
    "the Auth emulator",
    () => httpOk(`${authUrl()}/`),
    60_000,
    () => child.exitCode !== null,
  );
  return child;
}

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  process.kill(-child.pid!, "SIGKILL");
  await exited;
}

async function signUp(email: string): Promise<void> {
  const response = await fetch(
    `${authUrl()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "Parola123", returnSecureToken: true }),
    },
  );
  expect(response.status).toBe(200);
}

async function accountEmails(): Promise<string[]> {
  const response = await fetch(
    `${authUrl()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet?maxResults=1000`,
    { headers: { authorization: "Bearer owner" } },
  );
  const body = (await response.json()) as { users?: { email: string }[] };
  return (body.users ?? []).map((u) => u.email).sort();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "auth-autosave-"));
  ports = { auth: await freePort(), hub: await freePort(), logging: await freePort() };
  await writeFile(
    join(dir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { port: ports.auth },
        hub: { port: ports.hub },
        logging: { port: ports.logging },
        ui: { enabled: false },
      },
    }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("Auth autosave", () => {
  it("keeps every account created before the last autosave when the stack is killed", async () => {
    let emulator = await startAuthEmulator();
    const failures: string[] = [];
    const stop = startAuthAutosave(exportDir(), (line) => failures.push(line), {
      hubUrl: `http://127.0.0.1:${ports.hub}`,
      intervalMs: INTERVAL_MS,
    });
    try {
      const emails = Array.from({ length: 20 }, (_, i) => `uye${i}@example.com`);
      for (const email of emails) await signUp(email);
      // Two intervals: one export starts after every account above exists and has finished.
      await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL_MS));
      stop();
      await killGroup(emulator);

      recoverAuthExport(exportDir()); // as the stack does before it starts the emulators
      emulator = await startAuthEmulator();
      expect(await accountEmails()).toEqual([...emails].sort());
      expect(failures).toEqual([]);
    } finally {
      stop();
      await killGroup(emulator);
    }
  }, 180_000);
});

describe("Auth export recovery", () => {
  const exportWith = (path: string, accounts: string) => {
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, "firebase-export-metadata.json"), "{}");
    writeFileSync(join(path, "accounts.json"), accounts);
  };
  const accountsIn = (path: string) => readFileSync(join(path, "accounts.json"), "utf8");
  /** Runs `fn` with the export path inside a fresh temporary folder. */
  const inTempRoot = async (fn: (target: string) => void) => {
    const root = await mkdtemp(join(tmpdir(), "auth-recover-"));
    try {
      fn(join(root, "firebase"));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  };

  it("puts the staged export in place when the stack was killed between the swap's renames", async () => {
    await inTempRoot((target) => {
      exportWith(`${target}.previous`, "old");
      exportWith(`${target}.autosave`, "new");
      recoverAuthExport(target);
      expect(accountsIn(target)).toBe("new");
    });
  });

  it("falls back to the previous export when the staged one is incomplete", async () => {
    await inTempRoot((target) => {
      exportWith(`${target}.previous`, "old");
      mkdirSync(`${target}.autosave`); // the hub had not finished writing it
      recoverAuthExport(target);
      expect(accountsIn(target)).toBe("old");
    });
  });

  it("leaves a complete export alone", async () => {
    await inTempRoot((target) => {
      exportWith(target, "current");
      exportWith(`${target}.previous`, "old");
      recoverAuthExport(target);
      expect(accountsIn(target)).toBe("current");
    });
  });
});
