/**
 * Login with the Firebase Auth SDK (docs/product-rules.md#login): 'Oturumum açık kalsın.' chooses local persistence
 * (kept after the browser closes) over session persistence (this tab's session only).
 */
import { messages } from "@platform/common";
import {
  browserLocalPersistence,
  browserSessionPersistence,
  setPersistence,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  type Auth,
  type Persistence,
} from "firebase/auth";
import { userIdFromToken } from "./token";

export function persistenceFor(rememberMe: boolean): Persistence {
  return rememberMe ? browserLocalPersistence : browserSessionPersistence;
}

/** Auth SDK error codes that mean "wrong e-mail or password" (the docs/product-rules.md#login login 401). */
const BAD_CREDENTIALS = new Set([
  "auth/invalid-credential",
  "auth/invalid-login-credentials",
  "auth/wrong-password",
  "auth/user-not-found",
  "auth/invalid-email",
  "auth/missing-password",
]);

/**
 * The Auth SDK reports an answer it could not read (empty or not JSON) as a network failure whose
 * detail is the parse error; that is the docs/product-rules.md#login "no body" case, not a missing connection.
 */
function answeredWithoutBody(error: unknown): boolean {
  const detail = (error as { customData?: { message?: unknown } }).customData?.message;
  return typeof detail === "string" && /SyntaxError|JSON/i.test(detail);
}

/** The text of a failed login (docs/product-rules.md#login). */
export function loginErrorMessage(error: unknown): string {
  const code =
    typeof error === "object" && error !== null && "code" in error
      ? String((error as { code: unknown }).code)
      : "";
  if (code === "auth/user-disabled") return messages.auth.accountDisabled;
  if (BAD_CREDENTIALS.has(code)) return messages.auth.loginInvalid;
  if (code === "auth/network-request-failed") {
    return answeredWithoutBody(error) ? messages.auth.loginNoBody : messages.general.noServerResponse;
  }
  if (code === "auth/too-many-requests") return messages.general.tooManyRequests;
  if (error instanceof LoginError) return error.message;
  return code ? messages.auth.loginError : messages.auth.loginFailed;
}

export class LoginError extends Error {
  override readonly name = "LoginError";
}

export interface LoginResult {
  userId: string;
  email: string;
  accessToken: string;
}

export async function login(
  auth: Auth,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<LoginResult> {
  await setPersistence(auth, persistenceFor(input.rememberMe));
  const { user } = await signInWithEmailAndPassword(auth, input.email.trim(), input.password);
  const accessToken = await user.getIdToken();
  if (!accessToken) throw new LoginError(messages.auth.loginNoToken);
  let userId: string;
  try {
    userId = userIdFromToken(accessToken);
  } catch (err) {
    throw new LoginError((err as Error).message);
  }
  return { userId, email: user.email ?? input.email, accessToken };
}

/**
 * Signs a newcomer in with the custom token registration step 3 hands out, kept like 'Oturumum
 * açık kalsın.' — so a reload between the steps still ends signed in on the account page.
 */
export async function signInAfterRegistration(auth: Auth, customToken: string): Promise<void> {
  await setPersistence(auth, persistenceFor(true));
  await signInWithCustomToken(auth, customToken);
}
