/**
 * Runtime configuration from the environment. Read on use, so tests and the emulator can set it.
 *
 * - APP_BASE_URL: public origin of the web app (links in mails). Required in production.
 * - WEB_API_KEY: the project's Web API key, for the Identity Toolkit REST calls (login, refresh,
 *   password reset). The Auth emulator accepts any key.
 * - STORAGE_BUCKET: overrides the default bucket.
 * - APP_CHECK_ENFORCE: "true" makes `/api` require a valid App Check token (production only).
 */
import { DEMO_PROJECT_ID, type LimitRule } from "@platform/common";

export function authEmulatorHost(): string | undefined {
  return process.env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
}

export function isEmulated(): boolean {
  return process.env.FUNCTIONS_EMULATOR === "true" || authEmulatorHost() !== undefined;
}

export function projectId(): string {
  const fromConfig = firebaseConfig().projectId;
  return (
    process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? fromConfig ?? DEMO_PROJECT_ID
  );
}

function firebaseConfig(): { projectId?: string; storageBucket?: string } {
  try {
    return JSON.parse(process.env.FIREBASE_CONFIG ?? "{}") as {
      projectId?: string;
      storageBucket?: string;
    };
  } catch {
    return {};
  }
}

/** App Check is enforced on `/api` when asked to, never for a `demo-` project (no App Check there). */
export function appCheckEnforced(): boolean {
  return process.env.APP_CHECK_ENFORCE === "true" && !projectId().startsWith("demo-");
}

export function storageBucketName(): string {
  return (
    process.env.STORAGE_BUCKET ?? firebaseConfig().storageBucket ?? `${projectId()}.appspot.com`
  );
}

export function webApiKey(): string {
  const key = process.env.WEB_API_KEY;
  if (key) return key;
  if (isEmulated()) return "demo-api-key";
  throw new Error("WEB_API_KEY is not set");
}

export function appBaseUrl(): string {
  const url = process.env.APP_BASE_URL;
  if (url) return url.replace(/\/+$/, "");
  if (isEmulated()) return "http://127.0.0.1:5000";
  throw new Error("APP_BASE_URL is not set");
}

/** Public download URL of a Storage object (images are publicly readable under storage.rules). */
export function storageObjectUrl(path: string): string {
  const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  const origin = host
    ? `http://${host.replace(/^https?:\/\//, "")}`
    : "https://firebasestorage.googleapis.com";
  return `${origin}/v0/b/${storageBucketName()}/o/${encodeURIComponent(path)}?alt=media`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The abuse limits of the API (README "Limits"); each counts per key in a fixed window. */
export const DEFAULT_RATE_LIMITS = {
  /** Failed logins for one e-mail address (successful logins do not count). */
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE_MS },
  /** Failed logins from one client IP. */
  loginFailuresPerIp: { max: 50, windowMs: 15 * MINUTE_MS },
  /** Six-digit codes mailed to one address; resending spends from the same budget. */
  codesPerAddress: { max: 5, windowMs: 24 * HOUR_MS },
  /** Registration step 1 requests from one client IP. */
  registerPerIp: { max: 10, windowMs: HOUR_MS },
  /** Password reset mails to one address. */
  passwordResetsPerAddress: { max: 3, windowMs: HOUR_MS },
  /** E-mail confirmation mails to one address. */
  emailConfirmationsPerAddress: { max: 3, windowMs: HOUR_MS },
  /** Wrong passwords when deleting one's account (per uid). */
  deletionPasswordFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_RATE_LIMITS;

/**
 * The limits in force: the defaults, with any of them replaced through `RATE_LIMITS`, a JSON
 * object such as `{"registerPerIp":{"max":1000}}` (the test stack sets its own this way). A
 * malformed value is an error rather than silently no limit.
 */
export function rateLimit(name: LimitName): LimitRule {
  const raw = process.env.RATE_LIMITS;
  const base = DEFAULT_RATE_LIMITS[name];
  if (!raw) return base;
  const override = (JSON.parse(raw) as Record<string, Partial<LimitRule> | undefined>)[name];
  const rule = { ...base, ...override };
  if (!isPositiveInteger(rule.max) || !isPositiveInteger(rule.windowMs)) {
    throw new Error(`RATE_LIMITS.${name} needs positive integers max and windowMs`);
  }
  return rule;
}

function isPositiveInteger(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n > 0;
}

/**
 * Production's hop count behind the Hosting rewrite. A request reaches the function (Cloud Run) as
 * client → Hosting's CDN edge → Google's front end → Cloud Run. The edge appends the address that
 * connected to it (the client), the front end appends one more Google address, so the function sees
 * `X-Forwarded-For: <whatever the client sent>, <client>, <Google address>` (the shape reported for
 * Hosting in front of Cloud Run: "203.0.113.99, 34.96.0.1", the client first). One hop would
 * take the Google address: every visitor of a region in one rate-limit bucket, which one attacker
 * can spend for all. Two take the client; whatever the client wrote stays to its left, unread.
 * Should a deployment ever show a different shape (log the entry count of `X-Forwarded-For` once,
 * never the addresses), `TRUSTED_PROXY_HOPS` overrides this.
 */
export const HOSTING_PROXY_HOPS = 2;

/**
 * How many proxies in front of the function append to `X-Forwarded-For`; the client IP is the
 * entry that many places from the right (Express's `trust proxy` hop count), and everything left
 * of it is whatever the client sent. `trust proxy: true` would take the leftmost, client-chosen
 * entry. In the emulators no proxy appends anything (Hosting's emulator passes the client's headers
 * on, the Functions emulator talks to the worker over a local socket), so nothing in the header can
 * be trusted: zero, and the whole local stack is one client.
 */
export function trustedProxyHops(): number {
  const raw = process.env.TRUSTED_PROXY_HOPS;
  if (raw !== undefined && /^\d+$/.test(raw)) return Number(raw);
  return isEmulated() ? 0 : HOSTING_PROXY_HOPS;
}
