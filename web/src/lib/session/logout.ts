import { messages } from "@platform/common";
import { screens } from "../../app/screens";

/** Prefix of the browser-storage keys the member screens keep (pending sign-up e-mail, …). */
export const MEMBER_STORAGE_PREFIX = "platform.member.";

export interface LogoutDeps {
  /** Ends the server side of the session (the `__session` cookie); failures are ignored. */
  serverLogout: () => Promise<unknown>;
  /** Signs out of Firebase Auth. */
  signOut: () => Promise<void>;
  /** Forgets everything held for the member (query cache, CSRF token, stored keys). */
  clear: () => void;
  navigate: (path: string) => void;
}

export type LogoutOutcome = { ok: true } | { ok: false; message: string };

/**
 * Logout (docs/product-rules.md#logout): clears everything and goes to the login page. When Firebase refuses to sign out
 * the member is still signed in, so nothing is cleared and the failure text is returned
 * ('Çıkış işlemi başarısız!'). With `force` (the session was lost) everything is cleared anyway;
 * `to` goes elsewhere than the login page (home, after the account was deleted).
 */
export async function performLogout(
  deps: LogoutDeps,
  options: { force?: boolean; to?: string } = {},
): Promise<LogoutOutcome> {
  await deps.serverLogout().catch(() => undefined);
  try {
    await deps.signOut();
  } catch {
    if (!options.force) return { ok: false, message: messages.auth.logoutFailed };
  }
  deps.clear();
  deps.navigate(options.to ?? screens.login);
  return { ok: true };
}

/** Removes the member screens' keys from a Storage (sessionStorage or localStorage). */
export function clearMemberStorage(storage: Pick<Storage, "length" | "key" | "removeItem">) {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(MEMBER_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
