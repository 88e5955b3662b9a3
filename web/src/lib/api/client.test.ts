import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contract, endpoints, pathOf } from "@platform/common/api";
import { fillPath } from "../fillPath";
import { createApiClient, type ApiClientOptions, type ApiErrorEvent } from "./client";
import { ApiError, messageOf } from "./errors";
import { screens } from "../../app/screens";

const NO_RESPONSE = "Sunucuya bağlanılamadı. Lütfen internet bağlantınızı kontrol edin.";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
  at: number;
}

type Reply = { status: number; body?: unknown } | "hang" | "network-error";

const json = (status: number, body?: unknown) => ({ status, body });

/**
 * A fetch that records every call and answers from `reply`. "hang" never answers (until the call
 * is aborted); "network-error" fails like a refused connection.
 */
function scriptedFetch(reply: (call: Call, index: number) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body as string | undefined,
      credentials: init?.credentials,
      at: Date.now(),
    };
    calls.push(call);
    const r = await reply(call, calls.length - 1);
    if (r === "network-error") throw new TypeError("fetch failed");
    if (r === "hang") {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () =>
          reject(new DOMException("The operation was aborted.", "AbortError")),
        );
      });
    }
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), {
      status: r.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  return { fetch: fetchFn as unknown as typeof fetch, calls };
}

/** Answers the CSRF token call with `csrf-<n>` and everything else with `other`. */
function withCsrf(other: (call: Call, index: number) => Reply | Promise<Reply>) {
  let issued = 0;
  let otherIndex = 0;
  return scriptedFetch((call) => {
    if (call.url.endsWith("/api/auth/csrf-token")) {
      issued += 1;
      return json(200, { success: true, csrfToken: `csrf-${issued}` });
    }
    return other(call, otherIndex++);
  });
}

function client(fetchFn: typeof fetch, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    fetch: fetchFn,
    getAccessToken: async () => "token-1",
    refreshAccessToken: async () => "token-2",
    ...extra,
  });
}

const notCsrf = (calls: Call[]) => calls.filter((c) => !c.url.endsWith("/auth/csrf-token"));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-20T09:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("typed calls", () => {
  it("build the URL from the contract's path, params encoded, with the query and the body", async () => {
    const { fetch, calls } = withCsrf(() => json(200, { success: true, data: { ok: 1 } }));
    const api = client(fetch);
    await api.call(contract.projects.update, {
      params: { id: "p 1/ç" },
      body: { title: "Yeni" },
    });
    await api.call(contract.notifications.list, { query: { limit: 200 } });
    await api.call(contract.users.paymentInfo);
    const [update, list, payment] = notCsrf(calls);
    expect(update!.method).toBe("PATCH");
    expect(update!.url).toBe("/api/projects/updateProject/p%201%2F%C3%A7");
    expect(update!.body).toBe('{"title":"Yeni"}');
    expect(update!.headers["X-CSRF-Token"]).toBe("csrf-1");
    expect(update!.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(list!.url).toBe("/api/notifications?limit=200");
    expect(payment!.method).toBe("GET");
    expect(payment!.url).toBe("/api/users/me/payment");
    expect(payment!.body).toBeUndefined();
  });

  it("keep the retries and per-call settings of the transport", async () => {
    const { fetch, calls } = withCsrf((_call, i) =>
      i === 0 ? json(503, { success: false }) : json(200, { success: true, data: [] }),
    );
    const events: ApiErrorEvent[] = [];
    const api = client(fetch);
    api.onError((e) => events.push(e));
    const result = api.call(contract.votes.pending, {}, { errorEvent: false });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toMatchObject({ data: [] });
    expect(notCsrf(calls).map((c) => c.url)).toEqual(["/api/votes/pending", "/api/votes/pending"]);
    expect(events).toEqual([]);
  });

  it("fill paths exactly as the contract's pathOf does, for every endpoint", () => {
    for (const e of endpoints) {
      const names = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      const params = Object.fromEntries(names.map((n) => [n, `${n} ç/?`]));
      expect(fillPath(e.path, params)).toBe(pathOf(e, params as never));
    }
  });

  it("refuse to build a path with a missing parameter", () => {
    const api = client(withCsrf(() => json(200, { success: true })).fetch);
    expect(() => api.call(contract.users.byId, { params: {} as { id: string } })).toThrow(/id/);
  });
});

describe("request shape", () => {
  it("calls /api with credentials, the Bearer ID token and a JSON body", async () => {
    const { fetch, calls } = withCsrf(() => json(200, { success: true, data: { ok: 1 } }));
    const api = client(fetch);
    const res = await api.request<{ ok: number }>("POST", "/positions/p1/apply", { body: { a: 1 } });
    expect(res.data).toEqual({ ok: 1 });
    const [call] = notCsrf(calls);
    expect(call!.url).toBe("/api/positions/p1/apply");
    expect(call!.method).toBe("POST");
    expect(call!.credentials).toBe("include");
    expect(call!.headers.Authorization).toBe("Bearer token-1");
    expect(call!.headers["Content-Type"]).toBe("application/json");
    expect(call!.headers["X-CSRF-Token"]).toBe("csrf-1");
    expect(call!.body).toBe('{"a":1}');
  });

  it("sends no Authorization header when signed out and no CSRF header on GET", async () => {
    const { fetch, calls } = withCsrf(() => json(200, { success: true, data: [] }));
    const api = client(fetch, { getAccessToken: async () => null });
    await api.request("GET", "/projects", { query: { page: 1, search: "a b", skip: undefined } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/projects?page=1&search=a+b");
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[0]!.headers["X-CSRF-Token"]).toBeUndefined();
    expect(calls[0]!.credentials).toBe("include");
  });

  it("sends the App Check token in X-Firebase-AppCheck when there is one", async () => {
    const { fetch, calls } = withCsrf(() => json(200, { success: true }));
    await client(fetch, { getAppCheckToken: async () => "app-check-1" }).request("POST", "/votes", { body: {} });
    expect(calls.map((c) => c.headers["X-Firebase-AppCheck"])).toEqual([
      "app-check-1",
      "app-check-1",
    ]);
    const without = withCsrf(() => json(200, { success: true }));
    await client(without.fetch, { getAppCheckToken: async () => null }).request("GET", "/projects");
    expect(without.calls[0]!.headers).not.toHaveProperty("X-Firebase-AppCheck");
  });

  it("reads the CSRF token from data.csrfToken as well", async () => {
    const { fetch, calls } = scriptedFetch((call) =>
      call.url.endsWith("/auth/csrf-token")
        ? json(200, { success: true, data: { csrfToken: "from-data" } })
        : json(200, { success: true }),
    );
    await client(fetch).request("DELETE", "/notifications/n1");
    expect(calls[1]!.headers["X-CSRF-Token"]).toBe("from-data");
    expect(calls[1]!.method).toBe("DELETE");
  });
});

describe("CSRF token", () => {
  it("is fetched once and shared by parallel and later state-changing calls", async () => {
    const { fetch, calls } = withCsrf(() => json(200, { success: true }));
    const api = client(fetch);
    await Promise.all([api.request("POST", "/a"), api.request("PATCH", "/b"), api.request("DELETE", "/c")]);
    await api.request("POST", "/d");
    expect(calls.filter((c) => c.url.endsWith("/csrf-token"))).toHaveLength(1);
    expect(notCsrf(calls).map((c) => c.headers["X-CSRF-Token"])).toEqual([
      "csrf-1",
      "csrf-1",
      "csrf-1",
      "csrf-1",
    ]);
  });

  it("is fetched again once it is 14 minutes old, not before", async () => {
    const { fetch, calls } = withCsrf(() => json(200, { success: true }));
    const api = client(fetch);
    await api.request("POST", "/a");
    vi.setSystemTime(Date.now() + 14 * 60 * 1000 - 1);
    await api.request("POST", "/b");
    vi.setSystemTime(Date.now() + 1);
    await api.request("POST", "/c");
    expect(notCsrf(calls).map((c) => c.headers["X-CSRF-Token"])).toEqual([
      "csrf-1",
      "csrf-1",
      "csrf-2",
    ]);
  });

  it("a 403 mentioning CSRF refreshes the token and repeats the call once", async () => {
    const { fetch, calls } = withCsrf((_call, i) =>
      i === 0
        ? json(403, { success: false, message: "CSRF doğrulaması başarısız." })
        : json(200, { success: true, message: "ok" }),
    );
    const res = await client(fetch).request("POST", "/x", { body: { v: 1 } });
    expect(res.message).toBe("ok");
    expect(notCsrf(calls).map((c) => c.headers["X-CSRF-Token"])).toEqual(["csrf-1", "csrf-2"]);
    expect(notCsrf(calls)[1]!.body).toBe('{"v":1}');
  });

  it("`csrf: false` counts as a CSRF rejection too", async () => {
    const { fetch, calls } = withCsrf((_call, i) =>
      i === 0 ? json(403, { success: false, csrf: false }) : json(200, { success: true }),
    );
    await client(fetch).request("POST", "/x");
    expect(notCsrf(calls)).toHaveLength(2);
  });

  it("retries only once: a second CSRF rejection is the error", async () => {
    const { fetch, calls } = withCsrf(() =>
      json(403, { success: false, message: "CSRF doğrulaması başarısız.", csrf: false }),
    );
    const err = await client(fetch)
      .request("POST", "/x")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).message).toBe("CSRF doğrulaması başarısız.");
    expect(notCsrf(calls)).toHaveLength(2);
  });

  it("another 403 is not retried", async () => {
    const { fetch, calls } = withCsrf(() => json(403, { success: false, message: "Yasak." }));
    await expect(client(fetch).request("POST", "/x")).rejects.toMatchObject({
      status: 403,
      message: "Yasak.",
    });
    expect(notCsrf(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith("/csrf-token"))).toHaveLength(1);
  });

  it("clearCsrfToken forgets the cached token", async () => {
    const { fetch, calls } = withCsrf(() => json(200, { success: true }));
    const api = client(fetch);
    await api.request("POST", "/a");
    api.clearCsrfToken();
    await api.request("POST", "/b");
    expect(notCsrf(calls).map((c) => c.headers["X-CSRF-Token"])).toEqual(["csrf-1", "csrf-2"]);
  });
});

describe("timeouts and retries", () => {
  it("a data call times out after 15 s and is retried 3 times after 1, 2 and 3 s", async () => {
    const { fetch, calls } = scriptedFetch(() => "hang");
    const start = Date.now();
    const result = client(fetch)
      .request("GET", "/projects")
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // 15 s: attempt 1 aborted
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // +1 s: attempt 2
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000 + 1_999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1); // +2 s: attempt 3
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(15_000 + 2_999);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1); // +3 s: attempt 4, the last
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(15_000);
    const err = (await result) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.noResponse).toBe(true);
    expect(err.message).toBe(NO_RESPONSE);
    expect(calls.map((c) => c.at - start)).toEqual([0, 16_000, 33_000, 51_000]);
  });

  it("an /auth call gets 30 s per attempt", async () => {
    const { fetch, calls } = scriptedFetch(() => "hang");
    const result = client(fetch)
      .request("POST", "/auth/request-password-reset", { body: { email: "a@b.co" } })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    // the CSRF token call itself hangs first: 30 s per attempt there as well
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/auth/csrf-token");
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000 + 2_000 + 30_000 + 3_000 + 30_000);
    const err = (await result) as ApiError;
    expect(err.message).toBe(NO_RESPONSE);
    expect(calls).toHaveLength(4);
  });

  it("a per-call timeout overrides the default", async () => {
    const { fetch, calls } = scriptedFetch((_c, i) =>
      i === 0 ? "hang" : json(200, { success: true }),
    );
    const result = client(fetch).request("GET", "/slow", { timeoutMs: 500 });
    await vi.advanceTimersByTimeAsync(500 + 1_000);
    await expect(result).resolves.toEqual({ success: true });
    expect(calls).toHaveLength(2);
  });

  it("retries on status ≥ 500 and on network failure, and returns the later success", async () => {
    const replies: Reply[] = [
      json(500, { success: false, message: "x" }),
      "network-error",
      json(503),
      json(200, { success: true, data: 7 }),
    ];
    const { fetch, calls } = scriptedFetch((_c, i) => replies[i]!);
    const start = Date.now();
    const result = client(fetch).request<number>("GET", "/a");
    await vi.advanceTimersByTimeAsync(6_000);
    await expect(result).resolves.toEqual({ success: true, data: 7 });
    expect(calls.map((c) => c.at - start)).toEqual([0, 1_000, 3_000, 6_000]);
  });

  it("after 3 retries a 5xx ends with the server's message", async () => {
    const { fetch, calls } = scriptedFetch(() => json(502, { success: false, message: "Kapalı" }));
    const result = client(fetch)
      .request("GET", "/a")
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(calls).toHaveLength(4);
    expect(await result).toMatchObject({ status: 502, message: "Kapalı", noResponse: false });
  });

  it("a POST keeps one Idempotency-Key across its retries; the next call gets another", async () => {
    const replies: Reply[] = ["hang", json(502), json(201, { success: true, data: "p1" })];
    const { fetch, calls } = withCsrf((_c, i) => replies[i] ?? json(201, { success: true }));
    const api = client(fetch);
    const result = api.request("POST", "/positions/addPosition", { body: { projectId: "p", positions: [] } });
    await vi.advanceTimersByTimeAsync(15_000 + 1_000 + 2_000);
    await expect(result).resolves.toEqual({ success: true, data: "p1" });
    await api.request("POST", "/positions/addPosition", { body: { projectId: "p", positions: [] } });
    const keys = notCsrf(calls).map((c) => c.headers["Idempotency-Key"]);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("a GET carries no Idempotency-Key", async () => {
    const { fetch, calls } = scriptedFetch(() => json(200, { success: true }));
    await client(fetch).request("GET", "/projects");
    expect(calls[0]!.headers["Idempotency-Key"]).toBeUndefined();
  });

  it("4xx answers are not retried", async () => {
    for (const status of [400, 404, 409, 429]) {
      const { fetch, calls } = scriptedFetch(() => json(status, { success: false }));
      await expect(client(fetch).request("GET", "/a")).rejects.toMatchObject({ status });
      expect(calls).toHaveLength(1);
    }
  });

  it("a call cancelled by the caller is not retried", async () => {
    const { fetch, calls } = scriptedFetch(() => "hang");
    const controller = new AbortController();
    const result = client(fetch)
      .request("GET", "/a", { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    const err = await result;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe("AbortError");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });
});

describe("error text (docs/product-rules.md#api-error-text)", () => {
  it("server message, else the client's, else 'Bir hata oluştu'", async () => {
    const { fetch } = scriptedFetch((c) =>
      c.url.endsWith("/with")
        ? json(400, { success: false, message: "Sunucunun mesajı" })
        : c.url.endsWith("/html")
          ? { status: 404, body: undefined }
          : json(404, { success: false }),
    );
    const api = client(fetch);
    const withMessage = await api.request("GET", "/with").catch((e: unknown) => e);
    const without = await api.request("GET", "/without").catch((e: unknown) => e);
    const empty = await api.request("GET", "/html").catch((e: unknown) => e);
    expect((withMessage as ApiError).message).toBe("Sunucunun mesajı");
    expect(messageOf(withMessage, "Ekranın mesajı")).toBe("Sunucunun mesajı");
    expect((without as ApiError).message).toBe("Bir hata oluştu");
    expect(messageOf(without, "Ekranın mesajı")).toBe("Ekranın mesajı");
    expect(messageOf(empty)).toBe("Bir hata oluştu");
    expect(messageOf(new Error("boom"), "Ekranın mesajı")).toBe("Ekranın mesajı");
  });

  it("no response: the connection text, even with a client message", async () => {
    const { fetch } = scriptedFetch(() => "network-error");
    const result = client(fetch)
      .request("GET", "/a")
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(6_000);
    const err = await result;
    expect(messageOf(err, "Ekranın mesajı")).toBe(NO_RESPONSE);
  });
});

describe("401 and the token refresh", () => {
  it("refreshes once and repeats the call with the new token", async () => {
    const refresh = vi.fn(async () => "token-2");
    const { fetch, calls } = scriptedFetch((c) =>
      c.headers.Authorization === "Bearer token-2"
        ? json(200, { success: true, data: "ok" })
        : json(401, { success: false }),
    );
    const res = await client(fetch, { refreshAccessToken: refresh }).request("GET", "/users/u1");
    expect(res.data).toBe("ok");
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.Authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
  });

  it("parallel calls share one refresh; a call started meanwhile waits for it", async () => {
    let finishRefresh: (t: string) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<string>((resolve) => (finishRefresh = resolve)));
    const { fetch, calls } = scriptedFetch((c) =>
      c.headers.Authorization === "Bearer token-2"
        ? json(200, { success: true, data: c.url })
        : json(401, { success: false }),
    );
    const api = client(fetch, { refreshAccessToken: refresh });
    const first = [api.request("GET", "/a"), api.request("GET", "/b"), api.request("GET", "/c")];
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    const late = api.request("GET", "/d");
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.url === "/api/d")).toHaveLength(0); // waiting for the refresh
    finishRefresh("token-2");
    const results = await Promise.all([...first, late]);
    expect(results.map((r) => r.data)).toEqual(["/api/a", "/api/b", "/api/c", "/api/d"]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.url === "/api/d").map((c) => c.headers.Authorization)).toEqual([
      "Bearer token-2",
    ]);
  });

  it("a 401 for a token already replaced retries without another refresh", async () => {
    const refresh = vi.fn(async () => "token-2");
    let releaseSlow: () => void = () => undefined;
    const { fetch } = scriptedFetch(async (c) => {
      if (c.url.endsWith("/slow") && c.headers.Authorization === "Bearer token-1") {
        await new Promise<void>((r) => (releaseSlow = r));
        return json(401, { success: false });
      }
      return c.headers.Authorization === "Bearer token-2"
        ? json(200, { success: true, data: c.url })
        : json(401, { success: false });
    });
    let current = "token-1";
    const api = client(fetch, {
      getAccessToken: async () => current,
      refreshAccessToken: async () => {
        current = await refresh();
        return current;
      },
    });
    const slow = api.request("GET", "/slow");
    await vi.advanceTimersByTimeAsync(0);
    await expect(api.request("GET", "/fast")).resolves.toMatchObject({ data: "/api/fast" });
    releaseSlow();
    await expect(slow).resolves.toMatchObject({ data: "/api/slow" });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("no new token: the session ends once, every waiting call fails with 'Yeni access token alinamadi.'", async () => {
    const onSessionLost = vi.fn();
    const events: ApiErrorEvent[] = [];
    const { fetch, calls } = scriptedFetch(() => json(401, { success: false }));
    const api = client(fetch, { refreshAccessToken: async () => null, onSessionLost });
    api.onError((e) => events.push(e));
    const errors = await Promise.all(
      [api.request("GET", "/a"), api.request("GET", "/b")].map((p) => p.catch((e: unknown) => e)),
    );
    for (const err of errors) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(401);
      expect((err as ApiError).message).toBe("Yeni access token alinamadi.");
      expect(messageOf(err, "Ekranın mesajı")).toBe("Yeni access token alinamadi.");
    }
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onSessionLost).toHaveBeenCalledWith({ message: "Yeni access token alinamadi." });
    expect(events).toEqual([{ status: 401, path: screens.login, requestPath: "/a", method: "GET" }]);
    expect(calls).toHaveLength(2);
  });

  it("a failing refresh ends the session with its message", async () => {
    const onSessionLost = vi.fn();
    const { fetch } = scriptedFetch(() => json(401, { success: false }));
    const api = client(fetch, {
      refreshAccessToken: async () => {
        throw new Error("auth/network");
      },
      onSessionLost,
    });
    await expect(api.request("GET", "/a")).rejects.toMatchObject({
      status: 401,
      message: "Refresh token geçersiz veya süresi dolmuş.",
    });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it("a second 401 after the refresh is the error and ends the session once, with no further refresh", async () => {
    const refresh = vi.fn(async () => "token-2");
    const onSessionLost = vi.fn();
    const events: ApiErrorEvent[] = [];
    const { fetch, calls } = scriptedFetch(() =>
      json(401, { success: false, message: "Oturum süreniz dolmuş. Lütfen tekrar giriş yapın." }),
    );
    const api = client(fetch, { refreshAccessToken: refresh, onSessionLost });
    api.onError((e) => events.push(e));
    const errors = await Promise.all(
      [api.request("GET", "/a"), api.request("GET", "/b")].map((p) => p.catch((e: unknown) => e)),
    );
    for (const err of errors) {
      expect(err).toMatchObject({
        status: 401,
        message: "Oturum süreniz dolmuş. Lütfen tekrar giriş yapın.",
      });
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(4);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onSessionLost).toHaveBeenCalledWith({
      message: "Oturum süreniz dolmuş. Lütfen tekrar giriş yapın.",
    });
    expect(events).toEqual([{ status: 401, path: screens.login, requestPath: "/a", method: "GET" }]);
  });

  it("login's 401 is an answer, not a reason to refresh", async () => {
    const refresh = vi.fn(async () => "token-2");
    const onSessionLost = vi.fn();
    const { fetch, calls } = withCsrf(() =>
      json(401, { success: false, message: "Lütfen e-posta ve şifrenizi kontrol ediniz" }),
    );
    const api = client(fetch, { refreshAccessToken: refresh, onSessionLost });
    await expect(api.request("POST", "/auth/login", { body: { email: "a@b.co", password: "x" } })).rejects.toMatchObject(
      { status: 401, message: "Lütfen e-posta ve şifrenizi kontrol ediniz" },
    );
    expect(refresh).not.toHaveBeenCalled();
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(notCsrf(calls)).toHaveLength(1);
  });
});

describe("API error event", () => {
  it("a GET failing with ≥ 500 after the retries sends the app to the server-error screen", async () => {
    const { fetch } = scriptedFetch(() => json(500, { success: false }));
    const api = client(fetch);
    const events: ApiErrorEvent[] = [];
    const off = api.onError((e) => events.push(e));
    const first = api.request("GET", "/projects").catch(() => undefined);
    await vi.advanceTimersByTimeAsync(6_000);
    await first;
    expect(events).toEqual([
      { status: 500, path: screens.serverError, requestPath: "/projects", method: "GET" },
    ]);
    off();
    const second = api.request("GET", "/projects").catch(() => undefined);
    await vi.advanceTimersByTimeAsync(6_000);
    await second;
    expect(events).toHaveLength(1);
  });

  it("mutations, opted-out calls and 4xx answers send no event", async () => {
    const { fetch } = withCsrf((c) =>
      c.url.endsWith("/bad") ? json(400, { success: false }) : json(500, { success: false }),
    );
    const api = client(fetch);
    const events: ApiErrorEvent[] = [];
    api.onError((e) => events.push(e));
    const calls = [
      api.request("POST", "/votes/complete/v1", { body: {} }),
      api.request("GET", "/projects", { errorEvent: false }),
      api.request("GET", "/bad"),
    ].map((p) => p.catch(() => undefined));
    await vi.advanceTimersByTimeAsync(6_000);
    await Promise.all(calls);
    expect(events).toEqual([]);
  });
});
