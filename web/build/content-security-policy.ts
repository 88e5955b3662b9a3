/**
 * The Content-Security-Policy, in two parts, because one firebase.json serves both the local
 * Hosting emulator (demo builds) and production, so its header cannot differ per build:
 *
 * - the Hosting header (firebase.json) carries the rules every build shares: no inline or eval
 *   scripts, no plugins, no <base> or form targets elsewhere, no framing; its connect/img/script/
 *   frame sources are the union of what any build may need;
 * - the build writes a `<meta http-equiv="Content-Security-Policy">` into index.html that narrows
 *   those sources to what this build talks to: the local emulators in a demo build, Google's
 *   Firebase endpoints in a production build, reCAPTCHA only when App Check is configured.
 *
 * A browser enforces every policy it is given, so a source must pass both. The unit test keeps the
 * meta policies of every build inside the header's sources.
 */

import { EMULATOR_PORTS } from "./emulator-ports";

/** The app reaches the emulators on the host it was loaded from (127.0.0.1 or localhost). */
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost"];

const emulator = (port: number) => LOOPBACK_HOSTS.map((host) => `http://${host}:${port}`);

const FIREBASE_STORAGE = "https://firebasestorage.googleapis.com";
const FIREBASE_API = [
  "https://firestore.googleapis.com",
  FIREBASE_STORAGE,
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
];
const APP_CHECK_API = "https://content-firebaseappcheck.googleapis.com";
/** What reCAPTCHA Enterprise loads: its script, its frame, its images and calls. */
const RECAPTCHA = {
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
  img: ["https://www.gstatic.com/recaptcha/"],
  connect: ["https://www.google.com/recaptcha/"],
};

export type Policy = Record<string, string[]>;

export interface BuildKind {
  /** A `demo-` project: the SDKs talk to the local emulators. */
  demo: boolean;
  /** App Check with reCAPTCHA Enterprise is configured (VITE_APPCHECK_SITE_KEY). */
  appCheck: boolean;
}

/** The sources of one build, for the meta policy. */
export function buildPolicy({ demo, appCheck }: BuildKind): Policy {
  const recaptcha = appCheck && !demo;
  const emulators = demo
    ? [EMULATOR_PORTS.firestore, EMULATOR_PORTS.storage, EMULATOR_PORTS.auth].flatMap(emulator)
    : [];
  return {
    "script-src": ["'self'", ...(recaptcha ? RECAPTCHA.script : [])],
    "frame-src": recaptcha ? RECAPTCHA.frame : ["'none'"],
    "connect-src": [
      "'self'",
      ...(demo ? emulators : FIREBASE_API),
      ...(recaptcha ? [APP_CHECK_API, ...RECAPTCHA.connect] : []),
    ],
    "img-src": [
      "'self'",
      "data:",
      ...(demo ? emulator(EMULATOR_PORTS.storage) : [FIREBASE_STORAGE]),
      ...(recaptcha ? RECAPTCHA.img : []),
    ],
  };
}

/** Sources merged over every kind of build: what the shared Hosting header allows at most. */
export function headerSources(): Policy {
  const kinds: BuildKind[] = [
    { demo: true, appCheck: false },
    { demo: false, appCheck: false },
    { demo: false, appCheck: true },
  ];
  const merged: Policy = {};
  for (const policy of kinds.map(buildPolicy)) {
    for (const [directive, sources] of Object.entries(policy)) {
      const list = (merged[directive] ??= []);
      for (const source of sources) if (!list.includes(source)) list.push(source);
    }
  }
  // 'none' cannot be combined with sources; the builds without reCAPTCHA narrow it again.
  merged["frame-src"] = merged["frame-src"]!.filter((s) => s !== "'none'");
  return merged;
}

export function serialise(policy: Policy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
    .join("; ");
}

export function parse(header: string): Policy {
  const policy: Policy = {};
  for (const part of header.split(";")) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (directive) policy[directive] = sources;
  }
  return policy;
}

/** The meta element the build puts first in <head>. */
export function cspMetaTag(kind: BuildKind): string {
  return `<meta http-equiv="Content-Security-Policy" content="${serialise(buildPolicy(kind))}" />`;
}
