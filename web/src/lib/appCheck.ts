/**
 * App Check for production builds: reCAPTCHA Enterprise attests that calls come from this web
 * app, and Firestore, Storage and the API refuse calls without a valid token once enforcement is
 * on. Configured by VITE_APPCHECK_SITE_KEY; `demo-` builds run without it (the emulators do not
 * check it). The SDK is loaded only by builds that use it.
 */
import { usesEmulators } from "./firebaseConfig";
import type { FirebaseApp } from "firebase/app";
import type { AppCheck } from "firebase/app-check";

export const appCheckSiteKey: string | undefined =
  import.meta.env.VITE_APPCHECK_SITE_KEY || undefined;

export async function startAppCheck(app: FirebaseApp, siteKey: string): Promise<AppCheck> {
  const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import("firebase/app-check");
  return initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(siteKey),
    isTokenAutoRefreshEnabled: true,
  });
}

/**
 * The token for this app's calls once a site key is configured; the Firebase SDKs are loaded with
 * the first call that needs them. Null in builds without App Check (and `demo-` ones).
 */
export async function currentAppCheckToken(): Promise<string | null> {
  if (!appCheckSiteKey || usesEmulators) return null;
  return appCheckToken((await import("./firebase")).appCheck);
}

/** The current token (cached by the SDK); null when none can be had, so the server decides. */
export async function appCheckToken(appCheck: AppCheck | undefined): Promise<string | null> {
  if (!appCheck) return null;
  const { getToken } = await import("firebase/app-check");
  try {
    return (await getToken(appCheck)).token;
  } catch {
    return null;
  }
}
