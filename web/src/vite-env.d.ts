/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_SITE_NAME?: string;
  readonly VITE_SOCIAL_LINKEDIN?: string;
  readonly VITE_SOCIAL_INSTAGRAM?: string;
  readonly VITE_SOCIAL_GITHUB?: string;
  /** reCAPTCHA Enterprise site key; turns App Check on in production builds. */
  readonly VITE_APPCHECK_SITE_KEY?: string;
  /** Set by vite.config.ts: the year of the build, for the prerendered footer. */
  readonly VITE_BUILD_YEAR: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/**
 * Set by vite.config.ts from firebase.json (web/build/emulator-ports.ts): the local emulators'
 * ports in a demo build, null in a build for a real project.
 */
declare const __EMULATOR_PORTS__: {
  auth: number;
  firestore: number;
  storage: number;
  functions: number;
} | null;
