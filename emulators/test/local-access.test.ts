/**
 * A web page the developer happens to visit must not reach the local data: it plays the attacker
 * here with a foreign Origin, through requests a browser sends without a preflight (GET, and POST
 * with a text/plain body) and through preflights. Loopback pages and --cors-origin ones still work.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFirestoreEmulator, type RunningFirestoreEmulator } from "../src/firestore/server.js";
import type { StorageEmulator } from "../src/storage/index.js";
import { isLoopbackOrigin } from "../src/shared/local-access.js";
import { BUCKET, startTestEmulator } from "./storage-fixtures.js";

const EVIL = "https://evil.example";
const LAN_APP = "http://192.168.1.5:5000";
const PROJECT = "demo-access";
const DOC = `projects/${PROJECT}/databases/(default)/documents/notes/one`;

let firestore: RunningFirestoreEmulator;
let storage: StorageEmulator;
const firestoreUrl = (path: string) => `http://127.0.0.1:${firestore.port}${path}`;
const storageUrl = (path: string) => `http://127.0.0.1:${storage.port}${path}`;
const owner = { Authorization: "Bearer owner" };

beforeAll(async () => {
  firestore = await startFirestoreEmulator({ port: 0, quiet: true, corsOrigins: [LAN_APP] });
  storage = await startTestEmulator({ corsOrigins: [LAN_APP] });
});

afterAll(async () => {
  await firestore.close();
  await storage.close();
});

async function seedNote(): Promise<void> {
  const res = await fetch(firestoreUrl(`/v1/${DOC}`), {
    method: "PATCH",
    headers: { ...owner, "Content-Type": "application/json" },
    body: JSON.stringify({ fields: { text: { stringValue: "kept" } } }),
  });
  expect(res.status).toBe(200);
}

async function noteText(): Promise<string | undefined> {
  const res = await fetch(firestoreUrl(`/v1/${DOC}`), { headers: owner });
  const body = (await res.json()) as { fields?: { text?: { stringValue?: string } } };
  return body.fields?.text?.stringValue;
}

async function seedObject(): Promise<void> {
  const res = await fetch(storageUrl(`/v0/b/${BUCKET}/o?name=kept.txt`), {
    method: "POST",
    headers: { Authorization: "Firebase owner", "Content-Type": "text/plain" },
    body: "kept",
  });
  expect(res.status).toBe(200);
}

const objectStatus = async () =>
  (
    await fetch(storageUrl(`/v0/b/${BUCKET}/o/kept.txt`), {
      headers: { Authorization: "Firebase owner" },
    })
  ).status;

describe("origins", () => {
  it("counts localhost, 127.0.0.0/8 and [::1] on any port as loopback, nothing else", () => {
    for (const origin of ["http://localhost:5000", "https://127.0.0.1", "http://127.1.2.3:80"]) {
      expect(isLoopbackOrigin(origin)).toBe(true);
    }
    expect(isLoopbackOrigin("http://[::1]:5173")).toBe(true);
    for (const origin of [EVIL, "null", "http://localhost.evil.example", "file:///x", LAN_APP]) {
      expect(isLoopbackOrigin(origin)).toBe(false);
    }
  });
});

describe("Firestore emulator", () => {
  it("does not let a foreign page read data", async () => {
    await seedNote();
    const res = await fetch(firestoreUrl(`/v1/${DOC}`), { headers: { ...owner, Origin: EVIL } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("refuses a foreign page's preflight-free commit and leaves the data as it was", async () => {
    await seedNote();
    const res = await fetch(
      firestoreUrl(`/v1/projects/${PROJECT}/databases/(default)/documents:commit`),
      {
        method: "POST",
        headers: { Origin: EVIL, "Content-Type": "text/plain" },
        body: JSON.stringify({ writes: [{ delete: DOC }] }),
      },
    );
    expect(res.status).toBe(403);
    expect(await noteText()).toBe("kept");
  });

  it("refuses a foreign page's preflight and its clear-data call", async () => {
    await seedNote();
    const preflight = await fetch(
      firestoreUrl(`/emulator/v1/projects/${PROJECT}/databases/(default)/documents`),
      {
        method: "OPTIONS",
        headers: { Origin: EVIL, "Access-Control-Request-Method": "DELETE" },
      },
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const clear = await fetch(
      firestoreUrl(`/emulator/v1/projects/${PROJECT}/databases/(default)/documents`),
      {
        method: "DELETE",
        headers: { Origin: EVIL },
      },
    );
    expect(clear.status).toBe(403);
    expect(await noteText()).toBe("kept");
  });

  it("serves loopback pages and origins added with corsOrigins", async () => {
    for (const origin of ["http://127.0.0.1:5000", "http://localhost:5173", LAN_APP]) {
      const res = await fetch(firestoreUrl(`/v1/${DOC}`), {
        headers: { ...owner, Origin: origin },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    }
  });
});

describe("Storage emulator", () => {
  it("refuses a foreign page's POST /internal/reset (no preflight needed) and keeps the objects", async () => {
    await seedObject();
    const res = await fetch(storageUrl("/internal/reset"), {
      method: "POST",
      headers: { Origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(await objectStatus()).toBe(200);
  });

  it("does not let a foreign page read objects", async () => {
    await seedObject();
    const res = await fetch(storageUrl(`/v0/b/${BUCKET}/o/kept.txt?alt=media`), {
      headers: { Authorization: "Firebase owner", Origin: EVIL },
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-expose-headers")).toBeNull();
  });

  it("serves loopback pages and origins added with corsOrigins", async () => {
    for (const origin of ["http://127.0.0.1:5000", LAN_APP]) {
      const res = await fetch(storageUrl("/"), { headers: { Origin: origin } });
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    }
    const reset = await fetch(storageUrl("/internal/reset"), {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:5000" },
    });
    expect(reset.status).toBe(200);
    expect(await objectStatus()).toBe(404);
  });
});

describe("listening address", () => {
  it("refuses a non-loopback host unless allowRemote is given", async () => {
    await expect(startFirestoreEmulator({ host: "0.0.0.0", port: 0, quiet: true })).rejects.toThrow(
      /allow-remote/,
    );
    await expect(startTestEmulator({ host: "0.0.0.0" })).rejects.toThrow(/allow-remote/);
    const exposed = await startTestEmulator({ host: "0.0.0.0", allowRemote: true });
    await exposed.close();
  });
});
