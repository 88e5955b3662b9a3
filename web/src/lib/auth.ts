/**
 * Firebase Auth, off the critical path. The Auth SDK is the largest part of the Firebase code and a
 * visitor never needs it, so it is loaded only when someone may be signed in:
 *
 * - at once when this browser holds a session (the "was signed in" hint this module keeps, or
 *   the SDK's own record in local or session storage), so the header waits for the member;
 * - when a screen needs certainty (the member routes, the login screens, an `/api` call);
 * - otherwise after the page has loaded and the browser is idle, and only if the SDK's IndexedDB
 *   holds a record (a session started before the hint existed).
 *
 * Everyone else is a visitor from the first paint: the header shows the login buttons at once.
 */
import type { Auth, User } from "firebase/auth";
import { useEffect, useSyncExternalStore } from "react";

/** localStorage key: "1" while this browser has a signed-in member. */
export const SIGNED_IN_HINT_KEY = "platform.signedIn";
/** The key prefix under which the Auth SDK persists its user in local/session storage. */
const SDK_USER_PREFIX = "firebase:authUser:";
/** The Auth SDK's IndexedDB database (indexedDBLocalPersistence). */
const SDK_DATABASE = "firebaseLocalStorageDb";

export interface AuthState {
  /** The Auth SDK has loaded and reported who is signed in. */
  known: boolean;
  user: User | null;
}

/**
 * Before the SDK reports: also what the prerendered pages were rendered with. One object, so a
 * hydration that finds nothing changed does not re-render every viewer (React compares the two
 * snapshots by identity).
 */
const NOT_KNOWN_YET: AuthState = { known: false, user: null };
let state: AuthState = NOT_KNOWN_YET;
const listeners = new Set<() => void>();
let authPromise: Promise<Auth> | undefined;

function setState(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

function storageHasSdkUser(storage: Storage): boolean {
  for (let i = 0; i < storage.length; i++) {
    if (storage.key(i)?.startsWith(SDK_USER_PREFIX)) return true;
  }
  return false;
}

/** Whether this browser holds (or held until now) a signed-in session, read synchronously. */
export function hasSessionHint(): boolean {
  if (typeof window === "undefined") return false;
  try {
    return (
      window.localStorage.getItem(SIGNED_IN_HINT_KEY) === "1" ||
      storageHasSdkUser(window.localStorage) ||
      storageHasSdkUser(window.sessionStorage)
    );
  } catch {
    return false;
  }
}

function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT_KEY, "1");
    else window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // storage unavailable: the hint only saves a wait
  }
}

/** The Auth SDK, loaded and initialised on first use (see lib/authSdk.ts). */
export function getAuthSdk(): Promise<Auth> {
  authPromise ??= import("./authSdk").then(async ({ createAuth, onAuthStateChanged }) => {
    const auth = createAuth();
    onAuthStateChanged(auth, (user) => {
      rememberSignedIn(user !== null);
      setState({ known: true, user });
    });
    return auth;
  });
  return authPromise;
}

/** Signs the member out of Firebase Auth. */
export async function signOutOfAuth(): Promise<void> {
  const [auth, sdk] = await Promise.all([getAuthSdk(), import("./authSdk")]);
  await sdk.signOut(auth);
}

/** Whether the Auth SDK has been asked for already. */
export function authRequested(): boolean {
  return authPromise !== undefined;
}

/** Whether the SDK's IndexedDB database holds a persisted user; false when it cannot tell. */
async function indexedDbHasSdkUser(): Promise<boolean> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return false;
  const databases = await indexedDB.databases();
  if (!databases.some((db) => db.name === SDK_DATABASE)) return false;
  return new Promise((resolve) => {
    const open = indexedDB.open(SDK_DATABASE);
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const store = db.transaction("firebaseLocalStorage", "readonly");
        const count = store.objectStore("firebaseLocalStorage").count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result > 0);
        };
        count.onerror = () => {
          db.close();
          resolve(false);
        };
      } catch {
        db.close();
        resolve(false);
      }
    };
  });
}

let idleCheckScheduled = false;

/** For a visitor: after load, when idle, loads the SDK only if IndexedDB holds a session. */
function scheduleIdleCheck() {
  if (idleCheckScheduled || typeof window === "undefined") return;
  idleCheckScheduled = true;
  const check = () => {
    void indexedDbHasSdkUser()
      .then((found) => (found ? getAuthSdk() : undefined))
      .catch(() => undefined);
  };
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(check, { timeout: 5_000 })
      : setTimeout(check, 1_000);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;
const serverSnapshot = (): AuthState => NOT_KNOWN_YET;

/** The hint changes in this tab through the SDK's callback, in others through `storage` events. */
const subscribeHint = (listener: () => void) => {
  const off = subscribe(listener);
  window.addEventListener("storage", listener);
  return () => {
    off();
    window.removeEventListener("storage", listener);
  };
};

/**
 * The hint as the components read it: every render of every viewer asks, and reading it walks
 * both storages, so it is read again only when it may have changed (this tab's sign-in state, or
 * another tab's storage event).
 */
let cachedHint: boolean | undefined;
const hintSnapshot = () => (cachedHint ??= hasSessionHint());
if (typeof window !== "undefined") {
  window.addEventListener("storage", () => {
    cachedHint = undefined;
  });
  listeners.add(() => {
    cachedHint = undefined;
  });
}

/**
 * Who is signed in. `loading` while the SDK loads for a browser that holds a session (or for a
 * screen that asks for `certain`); a visitor is known to be signed out from the first render.
 * The prerendered pages are a visitor's (scripts/prerender.mjs): hydration starts from the server
 * snapshots below and then re-renders with this browser's hint, so the markup always matches.
 */
export function useAuthUser(options: { certain?: boolean } = {}): {
  loading: boolean;
  user: User | null;
} {
  const current = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const hint = useSyncExternalStore(subscribeHint, hintSnapshot, () => false);
  const wait = Boolean(options.certain) || hint;
  useEffect(() => {
    if (wait) void getAuthSdk();
    else scheduleIdleCheck();
  }, [wait]);
  return { loading: !current.known && wait, user: current.user };
}
