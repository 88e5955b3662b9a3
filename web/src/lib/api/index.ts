/**
 * The app's `/api` client: Bearer token from the Firebase Auth SDK's current user, refreshed by
 * forcing a new ID token. The session layer registers what ending the session means.
 */
import { currentAppCheckToken } from "../appCheck";
import { authRequested, getAuthSdk, hasSessionHint } from "../auth";
import { createApiClient, type SessionLost } from "./client";

let sessionLostHandler: ((reason: SessionLost) => void | Promise<void>) | null = null;

/** What to do when the token cannot be renewed (the session module sets this). */
export function setSessionLostHandler(
  handler: ((reason: SessionLost) => void | Promise<void>) | null,
): void {
  sessionLostHandler = handler;
}

/** A new ID token for the signed-in member (forced refresh); null when nobody is signed in. */
export const refreshIdToken = async () => {
  // A visitor's browser holds no session: nothing to renew, and no reason to load the Auth SDK.
  if (!authRequested() && !hasSessionHint()) return null;
  const user = await currentUser();
  return user ? user.getIdToken(true) : null;
};

async function currentUser() {
  const auth = await getAuthSdk();
  await auth.authStateReady();
  return auth.currentUser;
}

export const api = createApiClient({
  getAccessToken: async () => {
    const user = await currentUser();
    return user ? user.getIdToken() : null;
  },
  refreshAccessToken: refreshIdToken,
  // The Firebase SDKs load with the first call that needs them, and App Check only when configured.
  getAppCheckToken: currentAppCheckToken,
  onSessionLost: (reason) => sessionLostHandler?.(reason),
  // A GET failing with 5xx after its retries sends the app to the server-error screen (docs/product-rules.md#api-error-text); calls
  // whose failure leaves the page usable opt out with `errorEvent: false` and show it in place.
  errorEvents: true,
});

export {
  API_BASE_PATH,
  CSRF_MAX_AGE_MS,
  DATA_TIMEOUT_MS,
  SESSION_TIMEOUT_MS,
  createApiClient,
  timeoutFor,
  type ApiBody,
  type ApiClient,
  type ApiErrorEvent,
  type HttpMethod,
  type RequestOptions,
} from "./client";
export { API_TEXTS, ApiError, errorText, isCsrfRejection, messageOf } from "./errors";
