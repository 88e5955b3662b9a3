/**
 * Data helpers of the member browser suites: a clean stack with the reference lists the
 * registration needs, a ready-made member, the outgoing mail and the records the screens wrote.
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import type { Browser } from "playwright-core";
import { suiteBrowser } from "./browser.js";
import { openPage } from "./pages.js";
import { BUCKET, PROJECT_ID, clearStackData, pointAtStack } from "./stack-env.js";

/** The password of every member the suites create. */
export const MEMBER_PASSWORD = "Uye-Sifre-2026";
import { type MemberType, paths } from "@platform/common";
import { builders } from "@platform/common/testing";

const POSITION_NAMES = ["Project Manager", "Frontend Developer", "Backend Developer"];
const SKILLS = ["TypeScript", "React", "Node.js", "Figma"];
const LANGUAGES = ["Türkçe", "İngilizce", "Almanca"];
const COUNTRIES = [
  { isoCode: "TR", name: "Türkiye" },
  { isoCode: "DE", name: "Almanya" },
];

let app: App | undefined;

export function adminDb(): Firestore {
  pointAtStack();
  app ??= initializeApp(
    { projectId: PROJECT_ID, storageBucket: BUCKET },
    `member-suite-${process.pid}`,
  );
  return getFirestore(app);
}

export function adminAuth() {
  adminDb();
  return getAuth(app!);
}

/** The objects in Storage under `prefix`, with their bytes (the admin API, outside the rules). */
export async function storageObjects(
  prefix: string,
): Promise<{ name: string; contentType: string | undefined; bytes: Buffer }[]> {
  adminDb();
  const [files] = await getStorage(app!).bucket(BUCKET).getFiles({ prefix });
  return Promise.all(
    files.map(async (f) => ({
      name: f.name,
      contentType: f.metadata.contentType,
      bytes: (await f.download())[0],
    })),
  );
}

async function closeAdmin(): Promise<void> {
  if (app) await deleteApp(app);
  app = undefined;
}

/** Empties Firestore and Auth and writes the position and skill lists. */
async function resetMemberData(): Promise<void> {
  pointAtStack();
  await clearStackData();
  const db = adminDb();
  await db.doc(paths.lookup("positionNames")).set({ names: POSITION_NAMES });
  await db.doc(paths.lookup("skills")).set({ names: SKILLS });
  await db.doc(paths.lookup("turkishLanguages")).set({ names: LANGUAGES });
  await db.doc(paths.lookup("countries")).set({ items: COUNTRIES });
  await db.doc(paths.cities("TR")).set({ names: ["İzmir", "Ankara"] });
  await db.doc(paths.cities("DE")).set({ names: ["Berlin", "Münih"] });
}

/** A complete member who can sign in. */
export async function createMember(input: {
  name: string;
  email: string;
  password: string;
  position?: string;
  /** JUNIOR (default) or SENIOR. */
  type?: MemberType;
  /** E-mail verified (default true). */
  verified?: boolean;
}): Promise<string> {
  const { uid } = await adminAuth().createUser({
    email: input.email,
    password: input.password,
    displayName: input.name,
    emailVerified: input.verified !== false,
  });
  const build = builders(new Date());
  const db = adminDb();
  // As registration leaves a member: career step done, nothing else filled in yet, the step-3
  // consents given.
  const documents = [
    build.profile(uid, input.type ?? "JUNIOR", {
      name: input.name,
      position: { name: input.position ?? "Frontend Developer" },
      birthDate: "",
      skills: [],
    }),
    build.contact(uid, { email: input.email, isEmailVerified: input.verified !== false }),
    build.details(uid),
  ];
  for (const { path, data } of documents) await db.doc(path).set(data);
  return uid;
}

/** The text of the newest mail to `to`, waiting for it to be queued. */
export async function latestMailText(to: string, after = 0, timeoutMs = 15_000): Promise<string> {
  const db = adminDb();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const snap = await db.collection(paths.mail).where("to", "==", to).get();
    const mails = snap.docs
      .map((d) => d.data() as { createdAt: { toMillis(): number }; message: { text: string } })
      .filter((m) => m.createdAt.toMillis() > after)
      .sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis());
    if (mails[0]) return mails[0].message.text;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function userRecordByEmail(email: string) {
  const user = await adminAuth().getUserByEmail(email);
  const db = adminDb();
  const [profile, contact, details] = await Promise.all([
    db.doc(paths.user(user.uid)).get(),
    db.doc(paths.userContact(user.uid)).get(),
    db.doc(paths.userDetails(user.uid)).get(),
  ]);
  return {
    auth: user,
    profile: profile.data() ?? null,
    contact: contact.data() ?? null,
    details: details.data() ?? null,
  };
}

/**
 * The set-up every member suite shares: a clean stack before the file and one browser for it,
 * closed with the admin connection afterwards. Returns the browser (started in `beforeAll`).
 */
export function memberSuiteBrowser(): () => Browser {
  return suiteBrowser(resetMemberData, closeAdmin);
}

/** A page in a fresh context with the cookie popup closed, signed in as `email` when given. */
export function openMemberPage(
  browser: Browser,
  viewport: { width: number; height: number },
  email?: string,
) {
  return openPage(browser, viewport, email ? { signedInAs: email, password: MEMBER_PASSWORD } : {});
}
