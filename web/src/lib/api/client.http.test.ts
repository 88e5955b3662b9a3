/**
 * The client against a real HTTP server on a local port (no mocked fetch): the CSRF token round
 * trip and rotation, Bearer tokens, retries after 5xx and after a server that never answers.
 * Timers come from a recording clock that keeps the wire real but the waits short.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient, type ApiClock } from "./client";
import { ApiError } from "./errors";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let origin = "";
let seen: Seen[] = [];
let csrfToken = "csrf-a";
let failuresLeft = 0;

function send(res: import("node:http").ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split("?")[0];
      if (path === "/api/auth/csrf-token") {
        return send(res, 200, { success: true, data: { csrfToken }, csrfToken });
      }
      if (req.method !== "GET" && req.headers["x-csrf-token"] !== csrfToken) {
        return send(res, 403, {
          success: false,
          message: "CSRF doğrulaması başarısız. Lütfen sayfayı yenileyip tekrar deneyin.",
          csrf: false,
        });
      }
      if (req.headers.authorization !== "Bearer good") {
        return send(res, 401, { success: false, message: "Oturum süreniz dolmuş." });
      }
      if (path === "/api/hang") return; // never answers
      if (path === "/api/flaky" && failuresLeft > 0) {
        failuresLeft -= 1;
        return send(res, 500, { success: false, message: "Bir hata oluştu" });
      }
      return send(res, 200, {
        success: true,
        data: { path, body: body ? (JSON.parse(body) as unknown) : null },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  csrfToken = "csrf-a";
  failuresLeft = 0;
});

/**
 * Real timers, shortened: retry waits (1–3 s) last 20 ms and attempt timeouts (15 s, 30 s) 1.5 s
 * (long enough for a first request on a busy machine).
 * Every requested wait is recorded.
 */
function recordingClock() {
  const waits: number[] = [];
  const clock: ApiClock = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => {
      waits.push(ms);
      return setTimeout(fn, ms >= 15_000 ? 1500 : ms >= 1000 ? 20 : ms);
    },
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  return { clock, waits };
}

function makeClient(token: { value: string }, clock: ApiClock) {
  return createApiClient({
    origin,
    clock,
    getAccessToken: async () => token.value,
    refreshAccessToken: async () => {
      token.value = "good";
      return token.value;
    },
  });
}

describe("the client over HTTP", () => {
  it("posts JSON with the CSRF token from the server and the Bearer token", async () => {
    const { clock } = recordingClock();
    const api = makeClient({ value: "good" }, clock);
    const res = await api.request<{ path: string; body: unknown }>("PATCH", "/users", { body: { about: "Merhaba" } });
    expect(res.data).toEqual({ path: "/api/users", body: { about: "Merhaba" } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /api/auth/csrf-token",
      "PATCH /api/users",
    ]);
    expect(seen[1]!.headers["x-csrf-token"]).toBe("csrf-a");
    expect(seen[1]!.headers.authorization).toBe("Bearer good");
    expect(seen[1]!.headers["content-type"]).toBe("application/json");
  });

  it("follows a rotated CSRF token: one 403, a new token, the call again", async () => {
    const { clock } = recordingClock();
    const api = makeClient({ value: "good" }, clock);
    await api.request("POST", "/notifications/n1/read");
    csrfToken = "csrf-b";
    await api.request("DELETE", "/notifications/n1");
    expect(seen.map((s) => `${s.method} ${s.url} ${s.headers["x-csrf-token"] ?? "-"}`)).toEqual([
      "GET /api/auth/csrf-token -",
      "POST /api/notifications/n1/read csrf-a",
      "DELETE /api/notifications/n1 csrf-a",
      "GET /api/auth/csrf-token -",
      "DELETE /api/notifications/n1 csrf-b",
    ]);
  });

  it("a 401 refreshes the ID token and the call goes through", async () => {
    const { clock } = recordingClock();
    const token = { value: "expired" };
    const res = await makeClient(token, clock).request<{ path: string }>("GET", "/votes/pending");
    expect(res.data?.path).toBe("/api/votes/pending");
    expect(seen.map((s) => s.headers.authorization)).toEqual(["Bearer expired", "Bearer good"]);
  });

  it("5xx twice then success: retried after 1 s and 2 s", async () => {
    const { clock, waits } = recordingClock();
    failuresLeft = 2;
    const res = await makeClient({ value: "good" }, clock).request<{ path: string }>("GET", "/flaky");
    expect(res.data?.path).toBe("/api/flaky");
    expect(seen).toHaveLength(3);
    expect(waits.filter((w) => w < 15_000)).toEqual([1000, 2000]);
  });

  it("a server that never answers: 15 s per attempt, 3 retries, then the connection text", async () => {
    const { clock, waits } = recordingClock();
    const err = await makeClient({ value: "good" }, clock)
      .request("GET", "/hang")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect((err as ApiError).message).toBe(
      "Sunucuya bağlanılamadı. Lütfen internet bağlantınızı kontrol edin.",
    );
    expect(seen.filter((s) => s.url === "/api/hang")).toHaveLength(4);
    expect(waits).toEqual([15_000, 1000, 15_000, 2000, 15_000, 3000, 15_000]);
  }, 20_000);

  it("a closed port is 'no response' as well", async () => {
    const { clock } = recordingClock();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const api = createApiClient({
      origin: `http://127.0.0.1:${port}`,
      clock,
      getAccessToken: async () => null,
      refreshAccessToken: async () => null,
    });
    await expect(api.request("GET", "/projects")).rejects.toMatchObject({
      status: 0,
      message: "Sunucuya bağlanılamadı. Lütfen internet bağlantınızı kontrol edin.",
    });
  });
});
