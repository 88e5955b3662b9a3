/**
 * The real API app on a free port, against our Firestore emulator started in-process, for tests
 * of the HTTP layer (limits, idempotency). Set environment overrides before `startApiApp`.
 * Members are signed in with unsigned ID tokens, which firebase-admin accepts only when
 * FIREBASE_AUTH_EMULATOR_HOST is set; it then looks the user up there, so a minimal account
 * lookup answers for every uid and address as an existing, enabled member.
 */
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { startFirestoreEmulator } from "@platform/emulators/firestore";

export const TEST_PROJECT = "demo-http-tests";

export interface ApiApp {
  base: string;
  port: number;
}

/** Starts emulator and app before the file's tests and stops them after. */
export function apiApp(env: Record<string, string> = {}): () => ApiApp {
  let app: ApiApp | undefined;
  let server: Server | undefined;
  let stopEmulator: (() => Promise<void>) | undefined;
  let accounts: Server | undefined;
  beforeAll(async () => {
    const emulator = await startFirestoreEmulator({ port: 0, quiet: true });
    stopEmulator = () => emulator.close();
    accounts = await accountLookup();
    Object.assign(process.env, {
      METADATA_SERVER_DETECTION: "none",
      GCLOUD_PROJECT: TEST_PROJECT,
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulator.port}`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${(accounts.address() as AddressInfo).port}`,
      ...env,
    });
    const { createApp } = await import("../src/http/app.js");
    server = createApp().listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    app = { base: `http://127.0.0.1:${port}`, port };
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await new Promise((resolve) => accounts?.close(resolve));
    await stopEmulator?.();
  });
  return () => app!;
}

/** An ID token for `uid` as the Auth emulator would issue it (unsigned). */
export function emulatorIdToken(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part({
    iss: `https://securetoken.google.com/${TEST_PROJECT}`,
    aud: TEST_PROJECT,
    sub: uid,
    user_id: uid,
    iat: now,
    auth_time: now,
    exp: now + 3600,
    email: `${uid}@example.com`,
    email_verified: true,
    firebase: { sign_in_provider: "password", identities: {} },
  })}.`;
}

/** `accounts:lookup` of the Auth emulator's REST API: every uid and address is a member. */
async function accountLookup(): Promise<Server> {
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const asked = JSON.parse(raw || "{}") as { localId?: string[]; email?: string[] };
      const users = [
        ...(asked.localId ?? []).map((localId) => ({ localId, email: `${localId}@example.com` })),
        ...(asked.email ?? []).map((email) => ({ localId: `uid-${email}`, email })),
      ].map((u) => ({ ...u, emailVerified: true }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ users }));
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return server;
}
