/**
 * Malformed requests over every `/api` route on the whole local stack: odd ids in the path (the
 * names Firestore reserves, relative and encoded segments, overlong and non-Latin ids), bodies of
 * the wrong shape and size, bodies of other content types, odd query strings, each signed out,
 * with a token that does not verify and signed in. No answer may be a 5xx, and every 4xx says
 * what was wrong in Turkish. The routes, their body fields and query parameters come from the
 * contract, and the endpoints the functions register are checked against it, so a new route
 * cannot go unfuzzed.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  type Endpoint,
  type Method,
  contract,
  endpointName,
  endpoints,
} from "@platform/common/api";
import { adminForStack, idTokenFor } from "../support/api-client.js";
import { createMember } from "../support/member-stack.js";
import { API_FUNCTION_PATH } from "../support/stack-env.js";

interface Route {
  method: Method;
  path: string;
  /** The body fields the route reads, each fuzzed with values of the wrong shape. */
  fields?: string[];
  /** Query parameters the route reads. */
  query?: string[];
}

/** The keys of an object schema (the fields an endpoint reads), none for other schemas. */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Every endpoint of the contract, with the body fields and query parameters its schemas read. */
const ROUTES: Route[] = endpoints.map((e) => ({
  method: e.method,
  path: e.path,
  fields: keysOf(e.body),
  query: keysOf(e.query),
}));

/** Path segments as sent on the wire (already encoded where they must be). */
const BAD_IDS = [
  "__proto__",
  "__x__",
  "constructor",
  "%2E",
  "%2E%2E",
  "%2F",
  "a%2Fb",
  "%00",
  "%ZZ",
  "x".repeat(2000),
  encodeURIComponent("ğüşİ😀"),
  "%ED%A0%80",
  "%20",
  "",
  "yok0000000000000000",
];

const deep = (levels: number): unknown => {
  let v: unknown = "x";
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

/** Values of the wrong shape for any one field. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  "",
  "x".repeat(100_000),
  "__proto__",
  [],
  [null],
  Array.from({ length: 2000 }, (_, i) => `s${i}`),
  {},
  { name: "x".repeat(5000) },
  deep(500),
];

/** Whole bodies of the wrong shape, as raw JSON text. */
const BAD_BODIES = [
  "null",
  "[]",
  "[{}]",
  '"metin"',
  "42",
  "true",
  "{}",
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  JSON.stringify(deep(2000)),
  "{bozuk",
  "",
];

/** The same small body in the content types a cross-site page can post without a preflight. */
const OTHER_TYPES: [string, string][] = [
  ["text/plain", '{"email":"a@b.co"}'],
  ["application/x-www-form-urlencoded", "email=a%40b.co&password=x"],
  [
    "multipart/form-data; boundary=sinir",
    '--sinir\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--sinir--\r\n',
  ],
  ["application/xml", "<a/>"],
  ["application/json", "x".repeat(300_000)],
];

const BAD_QUERY = ["abc", "-1", "0", "1e999", "__proto__", "x".repeat(5000), "%ZZ", "[]"];

// Turkish text: letters of the Turkish alphabet, or words of the catalogue written without them.
const TURKISH =
  /[çğıöşüÇĞİÖŞÜ]|lütfen|geçersiz|gecersiz|gerekli|zorunlu|sifre|karakter|fazla|alan|Vote ID/i;

/**
 * Paths that are not valid percent-encoding. The Hosting emulator fails on them with its own 500
 * before forwarding (its static-file lookup decodes the path), so they go to the function itself,
 * whose runtime refuses them with a 400 before the app (the app's own answer is unit-tested).
 */
const MALFORMED_ENCODING = /%(?![0-9A-Fa-f]{2})|%ED%A0%80/;

/**
 * Requests the Functions runtime refuses with its own 400 before the app runs: a malformed path,
 * or a JSON body its parser rejects (text that is not JSON, a bare string, number or literal).
 */
function runtimeRefuses(probe: Probe): boolean {
  if (MALFORMED_ENCODING.test(probe.path.split("?")[0]!)) return true;
  if (probe.headers?.["content-type"] !== "application/json" || !probe.body) return false;
  try {
    const value: unknown = JSON.parse(probe.body);
    return typeof value !== "object" || value === null;
  } catch {
    return true;
  }
}

interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const urls = inject("stackUrls");
const hosting = urls.hosting!;
const apiFunction = `${urls.functions}${API_FUNCTION_PATH}`;
const admin = adminForStack();
const run = Date.now().toString(36);
const AUTH_STATES = ["signed out", "bad token", "signed in"] as const;
let memberToken = "";

beforeAll(async () => {
  const email = `fuzz.${run}@ornek.com.tr`;
  await createMember({ name: "Fuzz Deneme", email, password: "Parola123" });
  memberToken = await idTokenFor(email, "Parola123");
});

afterAll(async () => {
  await admin.close();
});

function authHeaders(state: (typeof AUTH_STATES)[number]): Record<string, string> {
  if (state === "signed out") return {};
  return { authorization: `Bearer ${state === "bad token" ? "bozuk.token.degil" : memberToken}` };
}

function withParam(path: string, value: string): string {
  return path.replace(/:[A-Za-z]+/g, value);
}

/** Every malformed request of one route. */
function probesOf(route: Route): Probe[] {
  const probes: Probe[] = [];
  const json = { "content-type": "application/json" };
  const hasParams = route.path.includes(":");
  const paths = hasParams ? BAD_IDS.map((id) => withParam(route.path, id)) : [route.path];
  const plainPath = withParam(route.path, "yok0000000000000000");
  for (const path of paths) probes.push({ method: route.method, path });
  if (route.method !== "GET") {
    for (const body of BAD_BODIES)
      probes.push({ method: route.method, path: plainPath, headers: json, body });
    for (const field of route.fields ?? []) {
      for (const value of BAD_VALUES) {
        probes.push({
          method: route.method,
          path: plainPath,
          headers: json,
          body: JSON.stringify({ [field]: value }),
        });
      }
    }
  }
  for (const [type, body] of OTHER_TYPES) {
    probes.push({
      method: route.method === "GET" ? "POST" : route.method,
      path: plainPath,
      headers: { "content-type": type },
      body,
    });
  }
  for (const name of route.query ?? []) {
    for (const value of BAD_QUERY)
      probes.push({ method: "GET", path: `${plainPath}?${name}=${value}` });
  }
  return probes;
}

async function send(probe: Probe, state: (typeof AUTH_STATES)[number]) {
  const origin = MALFORMED_ENCODING.test(probe.path.split("?")[0]!) ? apiFunction : hosting;
  const res = await fetch(`${origin}/api${probe.path}`, {
    method: probe.method,
    headers: { ...probe.headers, ...authHeaders(state) },
    body: probe.body,
    redirect: "manual",
  });
  const text = await res.text();
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  return { status: res.status, message };
}

/** Runs `tasks` with at most `width` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

/**
 * The endpoints the functions register, read from their source: each route file hands
 * `endpoint(contract.<group>.<name>, …)` or `endpoint(api.<name>, …)` with `const api =
 * contract.<group>`, and no route is registered any other way (a unit test of the functions
 * checks the app serves exactly the contract).
 */
function declaredRoutes(): string[] {
  const src = join(fileURLToPath(new URL(".", import.meta.url)), "../../functions/src/routes");
  const out: string[] = [];
  const groups = contract as unknown as Record<string, Endpoint | Record<string, Endpoint>>;
  for (const file of readdirSync(src)) {
    const text = readFileSync(join(src, file), "utf8");
    const group = /const api = contract\.(\w+);/.exec(text)?.[1];
    for (const m of text.matchAll(/endpoint\(\s*(?:contract\.(\w+)(?:\.(\w+))?|api\.(\w+))\s*,/g)) {
      const e = m[3]
        ? (groups[group!] as Record<string, Endpoint>)[m[3]]
        : m[2]
          ? (groups[m[1]!] as Record<string, Endpoint>)[m[2]]
          : (groups[m[1]!] as Endpoint);
      out.push(e ? endpointName(e) : `unknown ${m[0]}`);
    }
  }
  return out.sort();
}

describe("malformed requests over every /api route", () => {
  it("lists every route the routers declare", () => {
    const listed = ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    expect(listed.length).toBe(new Set(listed).size);
    expect(listed).toEqual(declaredRoutes());
  });

  it("never answers 5xx, and every 4xx carries a Turkish message", async () => {
    const tasks = ROUTES.flatMap((route) =>
      probesOf(route).flatMap((probe) =>
        AUTH_STATES.map((state) => async () => ({ probe, state, ...(await send(probe, state)) })),
      ),
    );
    const started = Date.now();
    const results = await pool(tasks, 8);
    const failures = results
      .filter((r) => {
        if (r.status >= 500) return true;
        if (runtimeRefuses(r.probe)) return r.status !== 400;
        return r.status >= 400 && !(typeof r.message === "string" && TURKISH.test(r.message));
      })
      .map(
        (r) =>
          `${r.status} ${r.state} ${r.probe.method} ${r.probe.path.slice(0, 80)} ${String(r.probe.headers?.["content-type"] ?? "")} ${String(r.probe.body ?? "").slice(0, 60)} → ${String(r.message)}`,
      );
    console.log(
      `fuzz: ${results.length} requests in ${Date.now() - started} ms, ` +
        `${results.filter((r) => r.status >= 500).length} × 5xx`,
    );
    expect(failures).toEqual([]);
  }, 170_000);
});
