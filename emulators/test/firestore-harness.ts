/**
 * Test target for the Firestore suites: an in-process REST server on an ephemeral port, or the
 * emulator named by FIRESTORE_TARGET=host:port (e.g. the official one) when that is set.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectFirestoreEmulator, getFirestore, type Firestore } from "firebase/firestore/lite";
import { FirestoreEngine } from "../src/firestore/engine.js";
import { createFirestoreRestHandler } from "../src/firestore/rest.js";

export const EXTERNAL_TARGET = process.env.FIRESTORE_TARGET;

export interface Target {
  host: string;
  port: number;
  projectId: string;
  /** The in-process engine; undefined against an external emulator. */
  engine?: FirestoreEngine;
  /** projects/{p}/databases/(default) */
  database: string;
  /** projects/{p}/databases/(default)/documents */
  root: string;
  /** A lite Firestore as the admin ("Bearer owner", bypasses rules). */
  admin: Firestore;
  /** A lite Firestore for a visitor (no token) or a signed-in user. */
  client(uid?: string, claims?: Record<string, unknown>): Firestore;
  rest(method: string, path: string, body?: unknown, token?: string): Promise<RestReply>;
  setRules(source: string): Promise<RestReply>;
  close(): Promise<void>;
}

export interface RestReply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export async function startTarget(name: string): Promise<Target> {
  const projectId = `${name}-${randomUUID().slice(0, 8)}`;
  let server: Server | undefined;
  let engine: FirestoreEngine | undefined;
  let host: string;
  let port: number;
  if (EXTERNAL_TARGET) {
    const [h, p] = EXTERNAL_TARGET.split(":");
    host = h!;
    port = Number(p);
  } else {
    engine = new FirestoreEngine();
    server = createServer(createFirestoreRestHandler(engine));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    host = "127.0.0.1";
    port = (server.address() as AddressInfo).port;
  }
  const apps: FirebaseApp[] = [];
  const makeDb = (token: string | { user_id: string; [k: string]: unknown } | null): Firestore => {
    const app = initializeApp({ projectId, apiKey: "fake-api-key" }, `app-${randomUUID()}`);
    apps.push(app);
    const db = getFirestore(app);
    connectFirestoreEmulator(db, host, port, token ? { mockUserToken: token as never } : {});
    return db;
  };
  const base = `http://${host}:${port}`;
  const rest = async (method: string, path: string, body?: unknown, token = "owner") => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // plain-text answers ("Ok")
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return {
    host,
    port,
    projectId,
    engine,
    database: `projects/${projectId}/databases/(default)`,
    root: `projects/${projectId}/databases/(default)/documents`,
    admin: makeDb("owner" as never),
    client: (uid, claims) => makeDb(uid ? { user_id: uid, ...claims } : null),
    rest,
    setRules: (source) =>
      rest("PUT", `/emulator/v1/projects/${projectId}:securityRules`, {
        rules: { files: [{ name: "firestore.rules", content: source }] },
      }),
    close: async () => {
      await Promise.all(apps.map((a) => deleteApp(a)));
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}
