/**
 * App Check on `/api`. Real tokens come from reCAPTCHA Enterprise in a browser and are verified
 * against Google's keys, which cannot happen offline (and `demo-` projects have no App Check), so
 * the verification path runs here with a stubbed verifier in place of firebase-admin's
 * `getAppCheck().verifyToken`. The attacker calls the API without a token and with a forged one.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@platform/common";
import { createApp } from "../src/http/app.js";
import { appCheckGuard } from "../src/http/app-check.js";

const VALID = "valid-app-check-token";
const verified: string[] = [];
let handlerRuns = 0;

/** Stands in for firebase-admin: only VALID passes. */
const stubVerifier = async (token: string) => {
  verified.push(token);
  if (token !== VALID) throw new Error("invalid App Check token");
  return { appId: "1:1:web:1" };
};

let enforce = true;
const servers: Server[] = [];

async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let guarded: string;
let api: string;

beforeAll(async () => {
  const app = express();
  app.use("/api", appCheckGuard({ enforced: () => enforce, verify: stubVerifier }));
  app.get("/api/health", (_req, res) => {
    res.json({ success: true });
  });
  app.post("/api/votes", (_req, res) => {
    handlerRuns++;
    res.json({ success: true });
  });
  guarded = await listen(app);
  api = await listen(createApp());
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

const savedEnv = { ...process.env };
afterEach(() => {
  enforce = true;
  for (const key of ["APP_CHECK_ENFORCE", "GCLOUD_PROJECT"]) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

const vote = (headers: Record<string, string> = {}) =>
  fetch(`${guarded}/api/votes`, { method: "POST", headers });

describe("App Check guard (stubbed verifier)", () => {
  it("refuses a call without a token before the handler runs", async () => {
    const runs = handlerRuns;
    const res = await vote();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: messages.general.appCheckMissing });
    expect(handlerRuns).toBe(runs);
  });

  it("refuses a forged token the verifier rejects", async () => {
    const runs = handlerRuns;
    const res = await vote({ "X-Firebase-AppCheck": "forged" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: messages.general.appCheckInvalid });
    expect(verified.at(-1)).toBe("forged");
    expect(handlerRuns).toBe(runs);
  });

  it("lets a verified token through", async () => {
    const runs = handlerRuns;
    const res = await vote({ "X-Firebase-AppCheck": VALID });
    expect(res.status).toBe(200);
    expect(handlerRuns).toBe(runs + 1);
  });

  it("keeps the health check open and checks nothing while enforcement is off", async () => {
    expect((await fetch(`${guarded}/api/health`)).status).toBe(200);
    enforce = false;
    expect((await vote()).status).toBe(200);
  });
});

describe("App Check in the api app", () => {
  it("is enforced when APP_CHECK_ENFORCE is true for a real project", async () => {
    process.env.APP_CHECK_ENFORCE = "true";
    process.env.GCLOUD_PROJECT = "platform-prod";
    const res = await fetch(`${api}/api/projects`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      messages.general.appCheckMissing,
    );
    expect((await fetch(`${api}/api/health`)).status).toBe(200);
  });

  it("is never enforced for a demo- project, which runs without App Check", async () => {
    process.env.APP_CHECK_ENFORCE = "true";
    process.env.GCLOUD_PROJECT = "demo-platform";
    const res = await fetch(`${api}/api/does-not-exist`);
    expect(res.status).toBe(404);
  });
});
