/**
 * The Firebase Auth REST API (Identity Toolkit and Secure Token) for what firebase-admin does not
 * do: signing in with a password, exchanging a refresh token, applying action codes. Against the
 * Auth emulator the same paths are served under http://$FIREBASE_AUTH_EMULATOR_HOST/.
 */
import { authEmulatorHost, webApiKey } from "../config.js";

export class IdentityError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`identity toolkit: ${code}`);
    this.name = "IdentityError";
  }
}

/** The `code` of a firebase-admin Auth error ("auth/email-already-exists", …). */
export function authCode(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err
    ? String((err as { code: unknown }).code)
    : undefined;
}

/** Where the REST API answers: Google, or an Auth emulator at `emulatorHost` ("host:port"). */
export interface ToolkitTarget {
  emulatorHost?: string;
  apiKey: string;
}

function origin(target: ToolkitTarget, service: "identitytoolkit" | "securetoken"): string {
  const host = target.emulatorHost;
  return host ? `http://${host}/${service}.googleapis.com` : `https://${service}.googleapis.com`;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  if (!res.ok) {
    // "WEAK_PASSWORD : Password should be at least 6 characters" → "WEAK_PASSWORD"
    const code = (body.error?.message ?? `HTTP_${res.status}`).split(" ")[0]!;
    throw new IdentityError(code, res.status);
  }
  return body as T;
}

function toolkit<T>(
  target: ToolkitTarget,
  method: string,
  payload: Record<string, unknown>,
): Promise<T> {
  const url = `${origin(target, "identitytoolkit")}/v1/${method}?key=${encodeURIComponent(target.apiKey)}`;
  return call<T>(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
}

export interface SignInResult {
  idToken: string;
  refreshToken: string;
  localId: string;
  email: string;
  expiresIn: number;
}

/** The password and action-code operations of the REST API (ServiceDeps.identity). */
export interface IdentityToolkit {
  signInWithPassword(email: string, password: string): Promise<SignInResult>;
  refreshIdToken(refreshToken: string): Promise<SignInResult>;
  /** Sets a new password with the oobCode of a password-reset link; returns the account e-mail. */
  resetPassword(oobCode: string, newPassword: string): Promise<string>;
  /** Applies the oobCode of an e-mail verification link; returns the verified e-mail. */
  applyEmailVerification(oobCode: string): Promise<string>;
}

/** The toolkit of the configured project (the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set). */
export function configuredToolkit(): IdentityToolkit {
  return identityToolkit({ emulatorHost: authEmulatorHost(), apiKey: webApiKey() });
}

export function identityToolkit(target: ToolkitTarget): IdentityToolkit {
  return {
    signInWithPassword: (email, password) => signInWithPassword(target, email, password),
    refreshIdToken: (token) => refreshIdToken(target, token),
    resetPassword: (oobCode, newPassword) => resetPassword(target, oobCode, newPassword),
    applyEmailVerification: (oobCode) => applyEmailVerification(target, oobCode),
  };
}

async function signInWithPassword(
  target: ToolkitTarget,
  email: string,
  password: string,
): Promise<SignInResult> {
  const r = await toolkit<{
    idToken: string;
    refreshToken: string;
    localId: string;
    email: string;
    expiresIn: string;
  }>(target, "accounts:signInWithPassword", { email, password, returnSecureToken: true });
  return { ...r, expiresIn: Number(r.expiresIn) };
}

async function refreshIdToken(target: ToolkitTarget, refreshToken: string): Promise<SignInResult> {
  const url = `${origin(target, "securetoken")}/v1/token?key=${encodeURIComponent(target.apiKey)}`;
  const r = await call<{
    id_token: string;
    refresh_token: string;
    user_id: string;
    expires_in: string;
  }>(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
    }).toString(),
  });
  return {
    idToken: r.id_token,
    refreshToken: r.refresh_token,
    localId: r.user_id,
    email: "",
    expiresIn: Number(r.expires_in),
  };
}

async function resetPassword(
  target: ToolkitTarget,
  oobCode: string,
  newPassword: string,
): Promise<string> {
  const r = await toolkit<{ email: string }>(target, "accounts:resetPassword", {
    oobCode,
    newPassword,
  });
  return r.email;
}

async function applyEmailVerification(target: ToolkitTarget, oobCode: string): Promise<string> {
  const r = await toolkit<{ email: string }>(target, "accounts:update", { oobCode });
  return r.email;
}

/** The oobCode of an action link generated by firebase-admin. */
export function oobCodeOf(link: string): string {
  const code = new URL(link).searchParams.get("oobCode");
  if (!code) throw new Error("action link without oobCode");
  return code;
}
