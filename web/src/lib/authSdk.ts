/**
 * The Auth SDK's initialisation, in its own chunk (loaded by lib/auth.ts). initializeAuth without
 * a popup/redirect resolver: getAuth() would install it, which loads Google's gapi iframe
 * (apis.google.com) that the Content-Security-Policy does not allow; the app signs in with e-mail
 * and password only. Same persistence as getAuth().
 */
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signOut,
  type Auth,
} from "firebase/auth";
import { firebaseApp } from "./firebase";
import { emulatorOrigin, emulatorPorts } from "./firebaseConfig";

export { onAuthStateChanged, signOut };

export function createAuth(): Auth {
  const auth = initializeAuth(firebaseApp, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (emulatorPorts) {
    connectAuthEmulator(auth, emulatorOrigin(emulatorPorts.auth), {
      disableWarnings: true,
    });
  }
  return auth;
}
