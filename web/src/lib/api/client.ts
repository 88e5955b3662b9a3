/**
 * The `/api` client (docs/product-rules.md#api-call-settings "client call settings" and docs/product-rules.md#api-error-text general rules).
 *
 * docs/product-rules.md#api-call-settings names two call settings without saying which screen uses which; this client honours
 * both on every call:
 * - base path `/api`, `credentials: "include"` (the httpOnly `__session` cookie), and for every
 *   state-changing call an `X-CSRF-Token` header taken from `GET /api/auth/csrf-token` (response
 *   `csrfToken`), cached and fetched again once it is 14 minutes old; a 403 that mentions CSRF (or
 *   carries `csrf: false`) drops the cached token, fetches a new one and repeats the call once;
 * - `Authorization: Bearer <Firebase ID token>` when a member is signed in, and up to 3 retries
 *   waiting 1, 2 and 3 s when an attempt times out, the connection fails or the status is ≥ 500.
 *   Every state-changing call carries one `Idempotency-Key` for all its attempts, so a retry of
 *   a call the server did finish gets the stored answer instead of doing it twice.
 *
 * Timeouts: the 30 s setting belongs to the cookie/CSRF-session side, so the `/auth/*` calls
 * (login, registration steps, token refresh, logout, password reset, the CSRF token itself) get
 * 30 s per attempt; every other call (member data with the Bearer token) gets 15 s per attempt.
 *
 * A 401 (other than from login, logout or the refresh call itself) refreshes the ID token once;
 * calls that start or fail while the refresh runs wait for it and then go again with the new
 * token. When no new token comes, the session is ended ('Yeni access token alinamadi.'); so it is
 * when the new token is refused too (the server revoked the session, e.g. after an e-mail change).
 *
 * Clock and fetch are injectable so every rule can be tested exactly.
 */
import type { ApiResponse } from "@platform/common";
import { messages } from "@platform/common";
// Types only: the contract's schemas (zod) stay out of the client, which every page loads.
import type { Addressed, Declared, Endpoint, PathParams } from "@platform/common/api";
import { API_PREFIX, routes } from "@platform/common/api/routes";
import { fillPath } from "../fillPath";
import { API_TEXTS, ApiError, errorText, isCsrfRejection, messageOf } from "./errors";
import { screens } from "../../app/screens";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A successful answer: `{ success, data?, message? }` plus any extra top-level fields. */
export type ApiBody<T> = ApiResponse<T> & Record<string, unknown>;

export interface ApiClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** Timers of the page, looked up at call time (so test fake timers apply). */
export const systemClock: ApiClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** What a call failed with that makes the client end the session. */
export interface SessionLost {
  message: string;
}

/** Emitted when a failed call means leaving the page: `path` is where the app should go. */
export interface ApiErrorEvent {
  status: number;
  path: string;
  /** The `/api` path of the call that failed. */
  requestPath: string;
  method: HttpMethod;
}

export interface ApiClientOptions {
  /** Origin in front of `/api`; empty for the page's own origin. */
  origin?: string;
  fetch?: typeof fetch;
  clock?: ApiClock;
  /** The current ID token (null when signed out). */
  getAccessToken: () => Promise<string | null>;
  /** A new ID token (forced refresh); null or a throw when none can be had. */
  refreshAccessToken: () => Promise<string | null>;
  /** The App Check token for the `X-Firebase-AppCheck` header (null or absent: none is sent). */
  getAppCheckToken?: () => Promise<string | null>;
  /** Ends the session after a failed refresh (clear state, go to the login page). */
  onSessionLost?: (reason: SessionLost) => void | Promise<void>;
  /** `errorEvent` of a call that does not set it; true unless given. */
  errorEvents?: boolean;
}

export interface RequestOptions {
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Milliseconds per attempt; defaults to the rule above. */
  timeoutMs?: number;
  /**
   * Whether a GET's 5xx failure sends the app to the server-error page; false when the screen
   * shows the failure itself. Defaults to the client's `errorEvents`.
   */
  errorEvent?: boolean;
  /** Cancels the call (no retries after a cancel). */
  signal?: AbortSignal;
}

export const API_BASE_PATH = API_PREFIX;
export const SESSION_TIMEOUT_MS = 30_000;
export const DATA_TIMEOUT_MS = 15_000;
export const CSRF_MAX_AGE_MS = 14 * 60 * 1000;
export const MAX_RETRIES = 3;
/** Wait before retry n (1-based): n seconds. */
export const retryDelayMs = (retry: number) => retry * 1000;
export const CSRF_PATH = routes.auth.csrfToken.path;

const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(["GET"]);
/** Calls whose 401 is an answer in itself, never a reason to refresh the token. */
const NO_REFRESH_PATHS: ReadonlySet<string> = new Set(
  [routes.auth.login, routes.auth.logout, routes.auth.refreshAccessToken].map((r) => r.path),
);
/** Sign-in and session calls get the longer timeout. */
const SESSION_PATHS: ReadonlySet<string> = new Set(Object.values(routes.auth).map((r) => r.path));

/** A fresh key per call (the server keeps answers by key for 24 h). */
function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Timeout of one attempt (see the module comment). */
export function timeoutFor(path: string): number {
  return SESSION_PATHS.has(path.split("?")[0]!) ? SESSION_TIMEOUT_MS : DATA_TIMEOUT_MS;
}

/** What a schema slot of the contract accepts (its zod input type); undefined without a schema. */
type InputOf<S> = S extends { _zod: { input: infer I } } ? I : undefined;

type HasParams<E extends Endpoint> = E["path"] extends `${string}:${string}` ? true : false;

/**
 * The input of a call to an endpoint: the `:params` of its path, its query and its JSON body,
 * each typed from the contract and required where the endpoint has them.
 */
export type CallInput<A extends Addressed<Endpoint>> = InputFor<Declared<A>>;

type InputFor<E extends Endpoint> = (HasParams<E> extends true
  ? { params: PathParams<E["path"]> }
  : { params?: undefined }) &
  (E["query"] extends undefined ? { query?: undefined } : { query?: InputOf<E["query"]> }) &
  (E["body"] extends undefined
    ? { body?: undefined }
    : BodyOptional<E> extends true
      ? { body?: InputOf<E["body"]> }
      : { body: InputOf<E["body"]> });

/** A body whose every field may be left out may be left out as a whole. */
type BodyOptional<E extends Endpoint> = object extends InputOf<E["body"]> ? true : false;

/** Per-call settings beside the input (timeout, error events, cancelling). */
export type CallOptions = Omit<RequestOptions, "body" | "query">;

/** An endpoint without params or body may be called without an input. */
export type CallArgs<A extends Addressed<Endpoint>> = ArgsFor<Declared<A>>;

type ArgsFor<E extends Endpoint> =
  HasParams<E> extends true
    ? [input: InputFor<E>, options?: CallOptions]
    : E["body"] extends undefined
      ? [input?: InputFor<E>, options?: CallOptions]
      : BodyOptional<E> extends true
        ? [input?: InputFor<E>, options?: CallOptions]
        : [input: InputFor<E>, options?: CallOptions];

type Attempt =
  { kind: "response"; status: number; body: unknown } | { kind: "no-response"; timedOut: boolean };

export interface ApiClient {
  /**
   * The app's one way to call the API: the endpoint of the contract (`contract.users.byId`) and
   * its input; the URL comes from the endpoint's path with its params filled in and encoded.
   */
  call<A extends Addressed<Endpoint>>(
    endpoint: A,
    ...args: CallArgs<A>
  ): Promise<ApiBody<Declared<A>["response"]>>;
  /** The transport under `call`: one request with the headers, retries and refresh above. */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiBody<T>>;
  /** Listens to API error events; returns the unsubscribe function. */
  onError(listener: (event: ApiErrorEvent) => void): () => void;
  /** Forgets the cached CSRF token (logout). */
  clearCsrfToken(): void;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const clock = options.clock ?? systemClock;
  const doFetch = (input: string, init: RequestInit) =>
    (options.fetch ?? globalThis.fetch)(input, init);
  const origin = options.origin ?? "";
  const listeners = new Set<(event: ApiErrorEvent) => void>();
  const errorEvents = options.errorEvents ?? true;

  let csrf: { token: string; fetchedAt: number } | null = null;
  let csrfPending: Promise<string> | null = null;
  let refreshing: Promise<string> | null = null;
  /** Goes up with every successful refresh, so a 401 for an older token just retries. */
  let tokenGeneration = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      clock.setTimeout(resolve, ms);
    });

  function emit(event: ApiErrorEvent) {
    for (const listener of [...listeners]) listener(event);
  }

  function url(path: string, query: RequestOptions["query"]): string {
    let out = `${origin}${API_BASE_PATH}${path}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
      const qs = params.toString();
      if (qs) out += `${path.includes("?") ? "&" : "?"}${qs}`;
    }
    return out;
  }

  async function attempt(
    method: HttpMethod,
    target: string,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener("abort", onCallerAbort);
    try {
      const res = await doFetch(target, {
        method,
        credentials: "include",
        headers,
        body,
        signal: controller.signal,
      });
      const text = await res.text();
      let parsed: unknown = undefined;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
      }
      return { kind: "response", status: res.status, body: parsed };
    } catch {
      if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
      return { kind: "no-response", timedOut };
    } finally {
      clock.clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  async function csrfToken(signal?: AbortSignal): Promise<string> {
    if (csrf && clock.now() - csrf.fetchedAt < CSRF_MAX_AGE_MS) return csrf.token;
    csrfPending ??= (async () => {
      try {
        const res = await request<{ csrfToken?: string }>("GET", CSRF_PATH, {
          errorEvent: false,
          signal,
        });
        const token =
          (typeof res.csrfToken === "string" ? res.csrfToken : undefined) ?? res.data?.csrfToken;
        if (!token) throw new ApiError(200, API_TEXTS.fallback, CSRF_PATH, "status", res);
        csrf = { token, fetchedAt: clock.now() };
        return token;
      } finally {
        csrfPending = null;
      }
    })();
    return csrfPending;
  }

  /** Ends the session: the session layer logs out and the app goes to the login page. */
  async function endSession(message: string, path: string, method: HttpMethod): Promise<void> {
    await options.onSessionLost?.({ message });
    emit({ status: 401, path: screens.login, requestPath: path, method });
  }
  /** The renewed token the server refused; calls refused with it end the session only once. */
  let refusedToken: string | null = null;

  /** One refresh at a time; everyone who needs it waits for the same one. */
  function refreshToken(path: string, method: HttpMethod): Promise<string> {
    refreshing ??= (async () => {
      try {
        let token: string | null;
        try {
          token = await options.refreshAccessToken();
        } catch (err) {
          throw new ApiError(401, messageOf(err, messages.auth.refreshInvalid), "", "status");
        }
        if (!token) throw new ApiError(401, API_TEXTS.newTokenMissing, "", "status");
        tokenGeneration += 1;
        return token;
      } catch (err) {
        await endSession((err as Error).message, path, method);
        throw err;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function request<T = unknown>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
  ): Promise<ApiBody<T>> {
    const target = url(path, opts.query);
    const timeoutMs = opts.timeoutMs ?? timeoutFor(path);
    const isForm = typeof FormData !== "undefined" && opts.body instanceof FormData;
    const payload: BodyInit | undefined =
      opts.body === undefined
        ? undefined
        : isForm
          ? (opts.body as FormData)
          : JSON.stringify(opts.body);
    const idempotencyKey = SAFE_METHODS.has(method) ? null : newIdempotencyKey();
    let retries = 0;
    let csrfRetried = false;
    let authRetried = false;
    let freshToken: string | null = null;

    const fail = (status: number, body: unknown, noResponse: boolean): never => {
      const error = new ApiError(
        status,
        errorText({ noResponse, body }),
        path,
        noResponse ? "no-response" : "status",
        body,
      );
      if (status >= 500 && method === "GET" && (opts.errorEvent ?? errorEvents)) {
        emit({ status, path: screens.serverError, requestPath: path, method });
      }
      throw error;
    };

    for (;;) {
      if (refreshing) {
        try {
          freshToken = await refreshing;
        } catch (err) {
          throw sessionEnded(err);
        }
      }
      const generation = tokenGeneration;
      const token = freshToken ?? (await options.getAccessToken());
      const headers: Record<string, string> = { Accept: "application/json" };
      if (token) headers.Authorization = `Bearer ${token}`;
      const appCheckToken = await options.getAppCheckToken?.();
      if (appCheckToken) headers["X-Firebase-AppCheck"] = appCheckToken;
      if (payload !== undefined && !isForm) headers["Content-Type"] = "application/json";
      if (!SAFE_METHODS.has(method)) headers["X-CSRF-Token"] = await csrfToken(opts.signal);
      if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;

      const result = await attempt(method, target, headers, payload, timeoutMs, opts.signal);

      if (result.kind === "no-response" || result.status >= 500) {
        if (retries < MAX_RETRIES) {
          retries += 1;
          await sleep(retryDelayMs(retries));
          continue;
        }
        if (result.kind === "no-response") return fail(0, undefined, true);
        return fail(result.status, result.body, false);
      }

      const { status, body } = result;
      if (isCsrfRejection(status, body) && !csrfRetried) {
        csrfRetried = true;
        csrf = null;
        continue;
      }
      if (status === 401 && !NO_REFRESH_PATHS.has(path) && !authRetried) {
        authRetried = true;
        if (tokenGeneration !== generation) {
          freshToken = null; // someone else refreshed while this call was out
          continue;
        }
        try {
          freshToken = await refreshToken(path, method);
        } catch (err) {
          throw sessionEnded(err);
        }
        continue;
      }
      if (status === 401 && !NO_REFRESH_PATHS.has(path) && token && token !== refusedToken) {
        // Refused again with a token renewed for this call: the session itself is gone.
        refusedToken = token;
        await endSession(errorText({ noResponse: false, body }), path, method);
      }
      if (status < 200 || status >= 300) return fail(status, body, false);
      return (body ?? { success: true }) as ApiBody<T>;
    }

    function sessionEnded(err: unknown): ApiError {
      const message = err instanceof Error ? err.message : API_TEXTS.newTokenMissing;
      return new ApiError(401, message, path, "status", { success: false, message });
    }
  }

  return {
    call<A extends Addressed<Endpoint>>(endpoint: A, ...args: CallArgs<A>) {
      const [input, options] = args as [InputFor<Endpoint> | undefined, CallOptions | undefined];
      // The contract's `pathOf` rule (params filled in and encoded), without importing the contract.
      const path = fillPath(endpoint.path, (input?.params ?? {}) as Record<string, string>);
      return request<Declared<A>["response"]>(endpoint.method, path, {
        ...options,
        query: input?.query as RequestOptions["query"],
        body: input?.body,
      });
    },
    request,
    onError(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clearCsrfToken() {
      csrf = null;
    },
  };
}
