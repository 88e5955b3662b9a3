/**
 * The WebChannel transport at the wire level, with plain HTTP requests shaped like the closure
 * client's: handshake framing, long-poll and streaming back channels, UTF-16 chunk lengths,
 * acknowledgement and replay (AID), retried POSTs, terminate, unknown sessions, the caller from
 * the header block or `$httpHeaders`, rules per target, CORS, malformed requests, and sessions
 * that time out. Short timings come from a handler instance on its own server.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FirestoreEngine } from "../src/firestore/engine.js";
import { ListenHub } from "../src/firestore/listen.js";
import { createFirestoreRestHandler } from "../src/firestore/rest.js";
import { FirestoreWebChannel } from "../src/firestore/webchannel.js";
import { loadRules } from "../src/rules/index.js";

const projectId = `demo-wc-${randomUUID().slice(0, 8)}`;
const database = `projects/${projectId}/databases/(default)`;
const root = `${database}/documents`;
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /open/{id} { allow read: if request.auth != null; }
    match /closed/{id} { allow read: if false; }
  }
}`;

/** An unsigned ID token as the SDKs' mockUserToken produces. */
function idToken(uid: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "none" })}.${part({ sub: uid, user_id: uid })}.`;
}

let engine: FirestoreEngine;
let webChannel: FirestoreWebChannel;
let server: Server;
let origin: string;

beforeAll(async () => {
  engine = new FirestoreEngine();
  engine.setRules(loadRules(RULES, "firestore.rules"), projectId);
  webChannel = new FirestoreWebChannel(engine, new ListenHub(engine), {
    timings: { idleMs: 1_500, keepAliveMs: 150, maxHoldMs: 1_000, recycleChars: 4_000 },
    log: () => {},
  });
  server = createServer(webChannel.wrap(createFirestoreRestHandler(engine)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  webChannel.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type WireArray = [number, unknown[]];

/** Splits a response into its length-prefixed chunks, checking every length (UTF-16 units). */
function chunks(text: string): unknown[] {
  const out: unknown[] = [];
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf("\n", at);
    expect(newline).toBeGreaterThan(at);
    const length = Number(text.slice(at, newline));
    const body = text.slice(newline + 1, newline + 1 + length);
    expect(body.length).toBe(length);
    out.push(JSON.parse(body));
    at = newline + 1 + length;
  }
  return out;
}

const arraysOf = (text: string) => chunks(text).flat() as WireArray[];
const payloads = (arrays: WireArray[]) =>
  arrays.map(([, payload]) => payload[0]).filter((p) => p !== "noop");

function form(messages: object[], firstMapId: number, headers?: Record<string, string>): string {
  const parts: string[] = [];
  if (headers) {
    const block = Object.entries(headers)
      .map(([k, v]) => `${k}:${v}\r\n`)
      .join("");
    parts.push(`headers=${encodeURIComponent(block)}`);
  }
  parts.push(`count=${messages.length}`, `ofs=${firstMapId}`);
  messages.forEach((m, i) =>
    parts.push(`req${i}___data__=${encodeURIComponent(JSON.stringify(m))}`),
  );
  return parts.join("&");
}

/** A client doing what the closure WebChannel client does, one request at a time. */
class RawChannel {
  sid = "";
  aid = 0;
  private nextMapId = 0;
  private rid = Math.floor(Math.random() * 100_000);

  constructor(
    readonly rpc: "Listen" | "Write",
    private readonly headers: Record<string, string> = { Authorization: "Bearer owner" },
    private readonly params: Record<string, string> = {},
  ) {}

  url(params: Record<string, string>): string {
    const query = new URLSearchParams({ VER: "8", database, ...this.params, ...params });
    return `${origin}/google.firestore.v1.Firestore/${this.rpc}/channel?${query}`;
  }

  async open(messages: object[]): Promise<Response> {
    const response = await fetch(
      this.url({ RID: String(this.rid++), CVER: "22", zx: "a", t: "1" }),
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form(messages, 0, this.headers),
      },
    );
    this.nextMapId = messages.length;
    const [[id, [c, sid, prefix, version]]] = arraysOf(await response.clone().text()) as [
      [number, [string, string, null, number]],
    ];
    expect([id, c, prefix, version]).toEqual([0, "c", null, 8]);
    this.sid = sid;
    return response;
  }

  /** Sends messages; `mapId` repeats earlier ones (a retried request). */
  async send(messages: object[], mapId = this.nextMapId): Promise<unknown> {
    const response = await fetch(
      this.url({ SID: this.sid, RID: String(this.rid++), AID: String(this.aid), t: "1" }),
      { method: "POST", body: form(messages, mapId) },
    );
    expect(response.status).toBe(200);
    this.nextMapId = Math.max(this.nextMapId, mapId + messages.length);
    return chunks(await response.text())[0];
  }

  /** One long poll (CI=1): the arrays after `aid`; advances the acknowledgement. */
  async poll(aid = this.aid): Promise<WireArray[]> {
    const response = await fetch(
      this.url({ RID: "rpc", SID: this.sid, AID: String(aid), CI: "1", TYPE: "xmlhttp" }),
    );
    expect(response.status).toBe(200);
    const arrays = arraysOf(await response.text());
    if (arrays.length > 0) this.aid = arrays[arrays.length - 1]![0];
    return arrays;
  }

  /** Polls until `count` non-noop payloads have arrived. */
  async payloads(count: number): Promise<unknown[]> {
    const out: unknown[] = [];
    while (out.length < count) out.push(...payloads(await this.poll()));
    return out;
  }

  async terminate(): Promise<number> {
    const response = await fetch(
      this.url({ SID: this.sid, RID: String(this.rid++), TYPE: "terminate" }),
      { method: "POST" },
    );
    return response.status;
  }
}

const addDocuments = (targetId: number, ...names: string[]) => ({
  database,
  addTarget: { targetId, documents: { documents: names.map((n) => `${root}/${n}`) } },
});

const types = (responses: unknown[]) =>
  responses.map((r) => {
    const o = r as { targetChange?: { targetChangeType: string }; documentChange?: unknown };
    return o.targetChange?.targetChangeType ?? Object.keys(o)[0];
  });

async function waitFor(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("WebChannel wire protocol", () => {
  it("answers the handshake with a framed session id and the session id header", async () => {
    const channel = new RawChannel("Listen");
    const response = await channel.open([]);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-http-session-id")).toBe(channel.sid);
    expect(await response.text()).toBe(`53\n[[0,["c","${channel.sid}",null,8]]]`);
    expect(channel.sid).toMatch(/^[0-9a-f]{32}$/);
    expect(await channel.terminate()).toBe(200);
  });

  it("long-polls a listen target, with chunk lengths in UTF-16 units, and releases it on terminate", async () => {
    const id = randomUUID();
    await engine.commit(
      database,
      {
        writes: [
          {
            update: {
              name: `${root}/open/${id}`,
              fields: { text: { stringValue: "Çalışma ğüşöç İ 🚀" } },
            },
          },
        ],
      },
      { kind: "admin" },
    );
    const channel = new RawChannel("Listen");
    await channel.open([addDocuments(2, `open/${id}`)]);
    const first = await channel.payloads(4);
    expect(types(first)).toEqual(["ADD", "documentChange", "CURRENT", "NO_CHANGE"]);
    expect(first[1]).toMatchObject({
      documentChange: {
        document: { fields: { text: { stringValue: "Çalışma ğüşöç İ 🚀" } } },
        targetIds: [2],
      },
    });
    expect(webChannel.listenCounts.targets).toBeGreaterThan(0);

    // A change while no poll is waiting is kept for the next one.
    await engine.commit(
      database,
      { writes: [{ delete: `${root}/open/${id}` }] },
      { kind: "admin" },
    );
    expect(types(await channel.payloads(2))).toEqual(["documentDelete", "NO_CHANGE"]);

    const sessions = webChannel.sessionCount;
    expect(await channel.terminate()).toBe(200);
    expect(webChannel.sessionCount).toBe(sessions - 1);
    await waitFor(() => webChannel.listenCounts.streams === 0);
    expect(webChannel.listenCounts.targets).toBe(0);
  });

  it("replays unacknowledged arrays to the next back channel and drops acknowledged ones", async () => {
    const channel = new RawChannel("Listen");
    await channel.open([addDocuments(2, `open/${randomUUID()}`)]);
    const delivered = await channel.poll(0);
    expect(delivered.length).toBeGreaterThan(0);
    // The answer was "lost": the client polls again with its old AID and gets the same arrays.
    expect(await channel.poll(0)).toEqual(delivered);
    // Acknowledged: nothing is left, the poll waits for the hold time (1 s here) and gets a noop.
    const last = delivered[delivered.length - 1]![0];
    const started = Date.now();
    const after = await channel.poll(last);
    expect(after).toEqual([[last + 1, ["noop"]]]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await channel.terminate();
  });

  it("reports outstanding arrays in the forward answer and skips a retried request's messages", async () => {
    const channel = new RawChannel("Write");
    await channel.open([{ database }]);
    const [handshake] = await channel.payloads(1);
    expect(handshake).toMatchObject({
      streamId: expect.any(String),
      streamToken: expect.any(String),
    });
    const write = {
      streamToken: (handshake as { streamToken: string }).streamToken,
      writes: [
        { update: { name: `${root}/open/${randomUUID()}`, fields: { n: { integerValue: "1" } } } },
      ],
    };
    const status = (await channel.send([write])) as number[];
    expect(status[0]).toBe(1); // the back channel is (just) there
    expect(status).toHaveLength(3);
    // The same map id again: a retry of a request whose answer was lost; not committed twice.
    await channel.send([write], 1);
    const results = await channel.payloads(1);
    expect(results[0]).toMatchObject({ writeResults: [{}], commitTime: expect.any(String) });
    const quiet = await channel.poll();
    expect(payloads(quiet)).toEqual([]);
    await channel.terminate();
  });

  it("streams on a CI=0 back channel: first bytes at once, keep-alive noops, renewed after a size", async () => {
    const channel = new RawChannel("Listen");
    await channel.open([]);
    const controller = new AbortController();
    const response = await fetch(
      channel.url({ RID: "rpc", SID: channel.sid, AID: "0", CI: "0", TYPE: "xmlhttp" }),
      { signal: controller.signal },
    );
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readSome = async () => {
      const { value, done } = await reader.read();
      if (!done) text += decoder.decode(value, { stream: true });
      return done;
    };
    await readSome();
    expect(arraysOf(text)).toEqual([[1, ["noop"]]]); // at once, for buffering-proxy detection
    await readSome();
    expect(arraysOf(text)).toEqual([
      [1, ["noop"]],
      [2, ["noop"]],
    ]); // after the keep-alive interval (150 ms here)
    const id = randomUUID();
    await channel.send([addDocuments(2, `open/${id}`)], 0);
    while (payloads(arraysOf(text)).length < 3) await readSome();
    expect(types(payloads(arraysOf(text)))).toEqual(["ADD", "CURRENT", "NO_CHANGE"]);
    // A big change makes the response pass the renewal size (4000 here): the server ends it.
    await engine.commit(
      database,
      {
        writes: [
          {
            update: {
              name: `${root}/open/${id}`,
              fields: { s: { stringValue: "x".repeat(5_000) } },
            },
          },
        ],
      },
      { kind: "admin" },
    );
    while (!(await readSome()));
    expect(types(payloads(arraysOf(text))).slice(3)).toEqual(["documentChange", "NO_CHANGE"]);
    controller.abort();
    await channel.terminate();
  });

  it("asks the client to reconnect for an unknown session and accepts a late terminate", async () => {
    const channel = new RawChannel("Listen");
    channel.sid = "0123456789abcdef0123456789abcdef";
    const poll = await fetch(
      channel.url({ RID: "rpc", SID: channel.sid, AID: "0", CI: "1", TYPE: "xmlhttp" }),
    );
    expect(poll.status).toBe(400);
    expect(await poll.text()).toBe("Unknown SID");
    expect(await channel.terminate()).toBe(200);
  });

  it("does not accept a session id on the other RPC's endpoint", async () => {
    const listen = new RawChannel("Listen");
    await listen.open([]);
    const write = new RawChannel("Write");
    write.sid = listen.sid;
    const poll = await fetch(
      write.url({ RID: "rpc", SID: write.sid, AID: "0", CI: "1", TYPE: "xmlhttp" }),
    );
    expect(await poll.text()).toBe("Unknown SID");
    await listen.terminate();
  });
});

describe("WebChannel callers, rules and errors", () => {
  it("evaluates rules per target with the caller from the handshake's header block", async () => {
    const channel = new RawChannel("Listen", { Authorization: `Bearer ${idToken("ali")}` });
    await channel.open([addDocuments(2, `open/${randomUUID()}`), addDocuments(4, `closed/x`)]);
    const responses = await channel.payloads(4);
    const removed = responses.find(
      (r) =>
        (r as { targetChange?: { targetChangeType: string } }).targetChange?.targetChangeType ===
        "REMOVE",
    );
    expect(removed).toEqual({
      targetChange: {
        targetChangeType: "REMOVE",
        targetIds: [4],
        cause: { code: 7, message: "Missing or insufficient permissions." },
      },
    });
    expect(types(responses)).toContain("CURRENT"); // target 2 went on
    await channel.terminate();
  });

  it("takes the caller from $httpHeaders too, and denies a visitor", async () => {
    const user = new RawChannel(
      "Listen",
      {},
      {
        $httpHeaders: `Authorization:Bearer ${idToken("veli")}\r\n`,
      },
    );
    await user.open([addDocuments(2, `open/${randomUUID()}`)]);
    expect(types(await user.payloads(3))).toEqual(["ADD", "CURRENT", "NO_CHANGE"]);
    await user.terminate();

    const visitor = new RawChannel("Listen", {});
    await visitor.open([addDocuments(2, `open/${randomUUID()}`)]);
    expect(types(await visitor.payloads(1))).toEqual(["REMOVE"]);
    await visitor.terminate();
  });

  it("ends the channel with an error message for a bad token and frees the session", async () => {
    const channel = new RawChannel("Listen", { Authorization: "Bearer not-a-jwt" });
    const before = webChannel.sessionCount;
    await channel.open([addDocuments(2, "open/a")]);
    const [error] = await channel.payloads(1);
    expect(error).toEqual({
      error: {
        code: 401,
        message: "Malformed ID token: expected a JWT.",
        status: "UNAUTHENTICATED",
      },
    });
    expect(webChannel.sessionCount).toBe(before);
  });

  it("ends the channel with INVALID_ARGUMENT for a message naming another database", async () => {
    const channel = new RawChannel("Listen");
    await channel.open([]);
    await channel.send([{ database: "projects/other/databases/(default)", addTarget: {} }], 0);
    const [error] = await channel.payloads(1);
    expect(error).toMatchObject({ error: { status: "INVALID_ARGUMENT", code: 400 } });
  });

  it("ends a Write channel whose commit the rules deny", async () => {
    const channel = new RawChannel("Write", { Authorization: `Bearer ${idToken("ali")}` });
    await channel.open([{ database }]);
    const [handshake] = await channel.payloads(1);
    await channel.send([
      {
        streamToken: (handshake as { streamToken: string }).streamToken,
        writes: [{ update: { name: `${root}/open/x`, fields: {} } }],
      },
    ]);
    const [error] = await channel.payloads(1);
    expect(error).toMatchObject({ error: { status: "PERMISSION_DENIED", code: 403 } });
  });

  it("refuses malformed requests with 400", async () => {
    const channel = new RawChannel("Listen");
    const post = (url: string, body: string) => fetch(url, { method: "POST", body });
    expect(
      (await post(channel.url({ RID: "1" }).replace("VER=8", "VER=7"), "count=0")).status,
    ).toBe(400);
    expect(
      (await post(channel.url({ RID: "1" }), "count=2&ofs=0&req0___data__=%7B%7D")).status,
    ).toBe(400);
    expect(
      (await post(channel.url({ RID: "1" }), "count=1&ofs=0&req0___data__=%7Bnope")).status,
    ).toBe(400);
    expect(
      (await post(channel.url({ RID: "1" }), "count=1&ofs=0&req0___data__=%5B1%5D")).status,
    ).toBe(400);
    expect((await post(channel.url({ RID: "x" }), "count=0")).status).toBe(400);
    expect(
      (await fetch(channel.url({ RID: "rpc", SID: "abc", AID: "0", CI: "2", TYPE: "xmlhttp" })))
        .status,
    ).toBe(400);
    const badDatabase = new URL(channel.url({ RID: "1" }));
    badDatabase.searchParams.set("database", "projects/x");
    expect((await post(badDatabase.toString(), "count=0")).status).toBe(400);
  });
});

describe("WebChannel CORS and lifetime", () => {
  it("answers loopback origins with credentials and refuses foreign ones", async () => {
    const channel = new RawChannel("Listen");
    const handshake = (from: string) =>
      fetch(channel.url({ RID: "1" }), {
        method: "POST",
        headers: { Origin: from, "Content-Type": "application/x-www-form-urlencoded" },
        body: form([], 0, { Authorization: "Bearer owner" }),
      });
    const local = await handshake("http://localhost:5173");
    expect(local.status).toBe(200);
    expect(local.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(local.headers.get("access-control-allow-credentials")).toBe("true");
    expect(local.headers.get("access-control-expose-headers")).toContain("X-HTTP-Session-Id");
    const sessions = webChannel.sessionCount;
    const foreign = await handshake("https://evil.example");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(webChannel.sessionCount).toBe(sessions);
  });

  it("closes a session the client abandoned, with its listen targets", async () => {
    const channel = new RawChannel("Listen");
    await channel.open([addDocuments(2, `open/${randomUUID()}`)]);
    await channel.poll(0);
    expect(webChannel.listenCounts.targets).toBeGreaterThan(0);
    // No back channel, no request: after the idle time (1.5 s here) it is gone.
    await waitFor(() => webChannel.sessionCount === 0 && webChannel.listenCounts.streams === 0);
    expect(webChannel.listenCounts.targets).toBe(0);
    const poll = await fetch(
      channel.url({ RID: "rpc", SID: channel.sid, AID: "0", CI: "1", TYPE: "xmlhttp" }),
    );
    expect(await poll.text()).toBe("Unknown SID");
  });

  it("close() ends every session", async () => {
    const channel = new RawChannel("Listen");
    await channel.open([addDocuments(2, `open/${randomUUID()}`)]);
    await channel.payloads(3);
    const pending = channel.poll(); // held: nothing new to say
    await new Promise((r) => setTimeout(r, 100));
    expect(webChannel.sessionCount).toBeGreaterThan(0);
    webChannel.close();
    expect(webChannel.sessionCount).toBe(0);
    expect(webChannel.listenCounts).toEqual({ streams: 0, targets: 0 });
    expect(payloads(await pending)).toEqual([]); // the held poll was ended, not left hanging
  });
});
