/**
 * Runtime configuration from the environment. Read on use, so tests and the emulator can set it.
 *
 * - APP_BASE_URL: public origin of the web app (links in mails). Required in production.
 * - WEB_API_KEY: the project's Web API key, for the Identity Toolkit REST calls (login, refresh,
 *   password reset). The Auth emulator accepts any key.
 * - STORAGE_BUCKET: overrides the default bucket.
 * - APP_CHECK_ENFORCE: "true" makes `/api` require a valid App Check token (production only).
 */
export function authEmulatorHost(): string | undefined {
  return process.env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
}

export function isEmulated(): boolean {
  return process.env.FUNCTIONS_EMULATOR === "true" || authEmulatorHost() !== undefined;
}

export function projectId(): string {
  const fromConfig = firebaseConfig().projectId;
  return (
    process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? fromConfig ?? "demo-platform"
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
