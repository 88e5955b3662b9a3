/**
 * The app's `/api` client: Bearer token from the Firebase Auth SDK's current user, refreshed by
 * forcing a new ID token. The session layer registers what ending the session means.
 */
import { appCheckToken } from "../appCheck";
import { appCheck, auth } from "../firebase";
import { createApiClient, type SessionLost } from "./client";

let sessionLostHandler: ((reason: SessionLost) => void | Promise<void>) | null = null;

/** What to do when the token cannot be renewed (the session module sets this). */
export function setSessionLostHandler(
  handler: ((reason: SessionLost) => void | Promise<void>) | null,
): void {
  sessionLostHandler = handler;
}

/** A new ID token for the signed-in member (forced refresh); null when nobody is signed in. */
export const refreshIdToken = async () =>
  auth.currentUser ? auth.currentUser.getIdToken(true) : null;

export const api = createApiClient({
  getAccessToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
  refreshAccessToken: refreshIdToken,
  getAppCheckToken: () => appCheckToken(appCheck),
  onSessionLost: (reason) => sessionLostHandler?.(reason),
  // A GET failing with 5xx after its retries sends the app to the server-error screen (spec §4, §8); calls
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
