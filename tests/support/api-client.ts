/**
 * Helpers for the API contract suite: firebase-admin against the running local stack (test data
 * and "nothing was written" checks), users created through the Auth emulator, and an HTTP client
 * for `/api` through the Hosting emulator that keeps the `__session` cookie like a browser.
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Auth, getAuth } from "firebase-admin/auth";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { type Method, type PathParams, pathOf } from "@platform/common/api/routes";

import { AUTH_HOST, BUCKET, PROJECT_ID, pointAtStack } from "./stack-env.js";

/** firebase-admin for the test process, pointed at the stack's emulators. */
export function adminForStack(): { app: App; db: Firestore; auth: Auth; close(): Promise<void> } {
  pointAtStack();
  const app = initializeApp(
    { projectId: PROJECT_ID, storageBucket: BUCKET },
    `api-contract-${Date.now()}`,
  );
  const db = getFirestore(app);
  return { app, db, auth: getAuth(app), close: () => deleteApp(app) };
}

export function bucketOf(app: App) {
  return getStorage(app).bucket(BUCKET);
}

/** Signs in through the Auth emulator's REST API and returns the ID token. */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const res = await fetch(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`sign-in failed for ${email}: ${body.error?.message}`);
  return body.idToken;
}

/**
 * An ID token as the Auth emulator issues them (unsigned, which firebase-admin accepts from the
 * emulator only) with a chosen sign-in time: how a session signed in long ago looks, made without
 * waiting. The user must exist; revocation checks still apply to it.
 */
export function unsignedIdToken(input: { uid: string; email: string; authTime: number }): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    sub: input.uid,
    user_id: input.uid,
    email: input.email,
    email_verified: true,
    auth_time: input.authTime,
    iat: now,
    exp: now + 3600,
    firebase: { identities: { email: [input.email] }, sign_in_provider: "password" },
  };
  return `${part({ alg: "none", typ: "JWT" })}.${part(payload)}.`;
}

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  body: T & { success?: boolean; message?: string; data?: unknown };
  headers: Headers;
  setCookie: string[];
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Send this client's cookie jar. */
  withCookies?: boolean;
  csrf?: string;
  redirect?: RequestRedirect;
}

/**
 * The method and path (below `/api`) of a request to an endpoint of the contract, its `:params`
 * filled in and encoded, and a query string when given: `client.call(...route(contract.users.byId,
 * { id }), { token })`. Requests are built from the contract, so a path is never written here.
 */
export function route<Path extends string>(
  endpoint: { method: Method; path: Path },
  params?: PathParams<Path>,
  query?: Record<string, string>,
): [Method, string] {
  const path = pathOf(endpoint, params);
  if (!query) return [endpoint.method, path];
  const search = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");
  return [endpoint.method, `${path}?${search}`];
}

/** A small browser-like client: one cookie jar for `__session`. */
export class ApiClient {
  cookie: string | null = null;

  constructor(readonly base: string) {}

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.withCookies && this.cookie) headers.cookie = this.cookie;
    if (opts.csrf) headers["x-csrf-token"] = opts.csrf;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(`${this.base}/api${path}`, {
      method,
      headers,
      body,
      redirect: opts.redirect ?? "follow",
    });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(";");
      if (pair?.startsWith("__session=")) this.cookie = pair;
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { raw: text };
    }
    return {
      status: res.status,
      body: parsed as ApiResult<T>["body"],
      headers: res.headers,
      setCookie,
    };
  }
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Results of the rows × cases matrix, printed at the end of the suite. */
export class Matrix {
  private cells = new Map<string, Map<string, string>>();
  constructor(readonly cases: string[]) {}

  set(row: string, kase: string, result: string) {
    if (!this.cells.has(row)) this.cells.set(row, new Map());
    this.cells.get(row)!.set(kase, result);
  }

  render(): string {
    const rows = [...this.cells.keys()];
    const width = Math.max(...rows.map((r) => r.length), 10);
    const colW = this.cases.map((c) =>
      Math.max(c.length, ...rows.map((r) => (this.cells.get(r)?.get(c) ?? "✗ not run").length)),
    );
    const line = (cols: string[]) =>
      `| ${cols[0]!.padEnd(width)} | ${cols
        .slice(1)
        .map((c, i) => c.padEnd(colW[i]!))
        .join(" | ")} |`;
    const out = [line(["row", ...this.cases])];
    out.push(`|${"-".repeat(width + 2)}|${colW.map((w) => "-".repeat(w + 2)).join("|")}|`);
    for (const r of rows)
      out.push(line([r, ...this.cases.map((c) => this.cells.get(r)?.get(c) ?? "✗ not run")]));
    return out.join("\n");
  }
}
