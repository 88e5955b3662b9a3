/**
 * firestore.rules, exhaustively: every collection × every kind of caller × get/list/create/
 * update/delete, one asserted expectation each, through the real web SDK (firestore/lite)
 * against our emulator. The list case is the query the SPA makes for that data (rules are not
 * filters: a query is allowed only when every document it could return is readable).
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore as getAdminFirestore } from "firebase-admin/firestore";
import {
  type Firestore,
  type Query,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CALLERS,
  type Expectation,
  OPERATIONS,
  OTHER_PROJECT,
  PROJECT,
  QUEUED_PROJECT,
  runMatrix,
  readOnly,
} from "./callers.js";
import {
  type CallerClients,
  type RulesStack,
  allowed,
  clientsFor,
  projectId,
  startRulesStack,
} from "./emulator-clients.js";

interface Subject {
  name: string;
  /** Existing document read, updated and deleted. */
  doc: string;
  /** Collection where a new document is created. */
  createIn: string;
  list: (db: Firestore) => Query;
  expect: Expectation;
}

const OWNER = "u-owner";
const STRANGER = "u-stranger";
const period = "2026-10";

const SUBJECTS: Subject[] = [
  {
    name: "users (public profile)",
    doc: `users/${OWNER}`,
    createIn: "users",
    list: (db) => query(collection(db, "users"), where("profileComplete", "==", true)),
    expect: readOnly("all"),
  },
  {
    // Every profile, unfinished registrants' included: only admin may list that.
    name: "users (list without filter)",
    doc: `users/${OWNER}`,
    createIn: "users",
    list: (db) => collection(db, "users"),
    expect: readOnly("all", ["admin"]),
  },
  {
    // The stranger has registered but not finished step 3.
    name: "users (incomplete profile)",
    doc: `users/${STRANGER}`,
    createIn: "users",
    list: (db) => query(collection(db, "users"), where("profileComplete", "==", false)),
    expect: readOnly(["stranger", "admin"], ["admin"]),
  },
  {
    name: "users/private/state (pending application)",
    doc: `users/${OWNER}/private/state`,
    createIn: `users/${OWNER}/private`,
    list: (db) => collection(db, `users/${OWNER}/private`),
    expect: readOnly(["owner", "admin"], ["admin"]),
  },
  {
    name: "users/private/contact",
    doc: `users/${OWNER}/private/contact`,
    createIn: `users/${OWNER}/private`,
    list: (db) => collection(db, `users/${OWNER}/private`),
    expect: readOnly(["owner", "teammate", "manager", "hr", "admin"], ["admin"]),
  },
  {
    name: "users/private/details",
    doc: `users/${OWNER}/private/details`,
    createIn: `users/${OWNER}/private`,
    list: (db) => collection(db, `users/${OWNER}/private`),
    expect: readOnly(["owner", "hr", "admin"], ["admin"]),
  },
  {
    name: "users/feedbacks",
    doc: `users/${OWNER}/feedbacks/f1`,
    createIn: `users/${OWNER}/feedbacks`,
    list: (db) => collection(db, `users/${OWNER}/feedbacks`),
    expect: readOnly(["owner", "hr", "admin"]),
  },
  {
    name: "feedbacks (all, group)",
    doc: `users/u-x/feedbacks/f2`,
    createIn: `users/u-x/feedbacks`,
    list: (db) => collectionGroup(db, "feedbacks"),
    expect: readOnly(["hr", "admin"]),
  },
  {
    name: "projects (live)",
    doc: `projects/${PROJECT}`,
    createIn: "projects",
    list: (db) => query(collection(db, "projects"), where("isLive", "==", true)),
    expect: readOnly("all"),
  },
  {
    name: "projects (queued)",
    doc: `projects/${QUEUED_PROJECT}`,
    createIn: "projects",
    list: (db) => query(collection(db, "projects"), where("isLive", "==", false)),
    expect: readOnly(["admin"]),
  },
  {
    name: "positions (live project)",
    doc: `projects/${PROJECT}/positions/pos1`,
    createIn: `projects/${PROJECT}/positions`,
    list: (db) => collection(db, `projects/${PROJECT}/positions`),
    expect: readOnly("all"),
  },
  {
    name: "positions (queued project)",
    doc: `projects/${QUEUED_PROJECT}/positions/pos2`,
    createIn: `projects/${QUEUED_PROJECT}/positions`,
    list: (db) => collection(db, `projects/${QUEUED_PROJECT}/positions`),
    expect: readOnly(["admin"]),
  },
  {
    name: "projects/members",
    doc: `projects/${PROJECT}/members/${OWNER}`,
    createIn: `projects/${PROJECT}/members`,
    list: (db) => collection(db, `projects/${PROJECT}/members`),
    expect: readOnly("all"),
  },
  {
    name: "projects/members/private/departure (leave reason)",
    doc: `projects/${PROJECT}/members/${OWNER}/private/departure`,
    createIn: `projects/${PROJECT}/members/${OWNER}/private`,
    list: (db) => collection(db, `projects/${PROJECT}/members/${OWNER}/private`),
    expect: readOnly(["admin"]),
  },
  {
    name: "applications",
    doc: `projects/${PROJECT}/positions/pos1/applications/${OWNER}`,
    createIn: `projects/${PROJECT}/positions/pos1/applications`,
    list: (db) => query(collectionGroup(db, "applications"), where("userId", "==", OWNER)),
    expect: readOnly(["owner", "admin"]),
  },
  {
    name: "notifications",
    doc: "notifications/n1",
    createIn: "notifications",
    list: (db) => query(collection(db, "notifications"), where("userId", "==", OWNER)),
    expect: readOnly(["owner", "admin"]),
  },
  {
    name: "votes (pending)",
    doc: "votes/v1",
    createIn: "votes",
    list: (db) => query(collection(db, "votes"), where("voterId", "==", OWNER)),
    expect: readOnly(["owner", "admin"]),
  },
  {
    name: "voteAnswers",
    doc: "voteAnswers/v1",
    createIn: "voteAnswers",
    list: (db) => collection(db, "voteAnswers"),
    expect: readOnly(["admin"]),
  },
  {
    name: "removalReviews",
    doc: "removalReviews/r1",
    createIn: "removalReviews",
    list: (db) => collection(db, "removalReviews"),
    expect: readOnly(["ops", "admin"]),
  },
  {
    name: "payouts",
    doc: `payouts/${period}`,
    createIn: "payouts",
    list: (db) => collection(db, "payouts"),
    expect: readOnly(["admin"]),
  },
  {
    name: "payouts/statements",
    doc: `payouts/${period}/statements/${OWNER}`,
    createIn: `payouts/${period}/statements`,
    list: (db) => query(collectionGroup(db, "statements"), where("userId", "==", OWNER)),
    expect: readOnly(["owner", "admin"]),
  },
  {
    name: "config",
    doc: "config/platform",
    createIn: "config",
    list: (db) => collection(db, "config"),
    expect: readOnly(["admin"]),
  },
  {
    // The rate in force and its announcement: anyone gets the document; listing `config` would
    // also return config/platform, so only admin may list.
    name: "config/public",
    doc: "config/public",
    createIn: "config",
    list: (db) => collection(db, "config"),
    expect: readOnly("all", ["admin"]),
  },
  {
    // Who holds a staff role (npm run grant-role): admin only, HR and ops included.
    name: "roles",
    doc: "roles/u-hr",
    createIn: "roles",
    list: (db) => collection(db, "roles"),
    expect: readOnly(["admin"]),
  },
  {
    name: "mail",
    doc: "mail/m1",
    createIn: "mail",
    list: (db) => collection(db, "mail"),
    expect: readOnly([]),
  },
  {
    name: "registrations",
    doc: "registrations/r1",
    createIn: "registrations",
    list: (db) => collection(db, "registrations"),
    expect: readOnly([]),
  },
  {
    name: "rateLimits",
    doc: "rateLimits/k1",
    createIn: "rateLimits",
    list: (db) => collection(db, "rateLimits"),
    expect: readOnly([]),
  },
  {
    name: "idempotencyKeys",
    doc: "idempotencyKeys/k1",
    createIn: "idempotencyKeys",
    list: (db) => collection(db, "idempotencyKeys"),
    expect: readOnly([]),
  },
  {
    name: "accountDeletions",
    doc: `accountDeletions/${OWNER}`,
    createIn: "accountDeletions",
    list: (db) => collection(db, "accountDeletions"),
    expect: readOnly([]),
  },
  {
    name: "images",
    doc: "images/i1",
    createIn: "images",
    list: (db) => collection(db, "images"),
    expect: readOnly(["admin"]),
  },
  {
    name: "jobRuns",
    doc: "jobRuns/j1",
    createIn: "jobRuns",
    list: (db) => collection(db, "jobRuns"),
    expect: readOnly(["admin"]),
  },
  {
    name: "faqs",
    doc: "faqs/faq1",
    createIn: "faqs",
    list: (db) => collection(db, "faqs"),
    expect: readOnly("all"),
  },
  {
    name: "lookups",
    doc: "lookups/skills",
    createIn: "lookups",
    list: (db) => collection(db, "lookups"),
    expect: readOnly("all"),
  },
  {
    name: "lookups/countries/cities",
    doc: "lookups/countries/cities/TR",
    createIn: "lookups/countries/cities",
    list: (db) => collection(db, "lookups/countries/cities"),
    expect: readOnly("all"),
  },
];

async function seed(app: App) {
  const db = getAdminFirestore(app);
  const user = (uid: string, currentProjectId: string | null, profileComplete = true) => ({
    name: uid,
    userName: uid,
    type: "JUNIOR",
    profileComplete,
    currentProjectId,
  });
  const writes: [string, Record<string, unknown>][] = [
    [`users/${OWNER}`, user(OWNER, PROJECT)],
    ["users/u-teammate", user("u-teammate", PROJECT)],
    ["users/u-manager", user("u-manager", PROJECT)],
    ["users/u-other", user("u-other", OTHER_PROJECT)],
    [`users/${STRANGER}`, user(STRANGER, null, false)],
    ["users/u-hr", user("u-hr", null)],
    ["users/u-ops", user("u-ops", null)],
    ["users/u-admin", user("u-admin", null)],
    [`users/${OWNER}/private/contact`, { email: "owner@example.com", isEmailVerified: true }],
    [`users/${OWNER}/private/details`, { telephone: "5550000000", iban: "TR00" }],
    [
      `users/${OWNER}/private/state`,
      { activeApplication: { projectId: PROJECT, positionId: "pos1" } },
    ],
    [`users/${OWNER}/feedbacks/f1`, { evaluatorId: "u-teammate", feedback: "İyi iş." }],
    ["users/u-x/feedbacks/f2", { evaluatorId: "u-other", feedback: "Harika." }],
    [`projects/${PROJECT}`, { title: "Canlı", isLive: true, managerId: "u-manager" }],
    [`projects/${OTHER_PROJECT}`, { title: "Diğer", isLive: true, managerId: "u-x" }],
    [`projects/${QUEUED_PROJECT}`, { title: "Sırada", isLive: false, managerId: null }],
    [`projects/${PROJECT}/positions/pos1`, { positionName: "Tester", status: "OPEN" }],
    [`projects/${QUEUED_PROJECT}/positions/pos2`, { positionName: "Tester", status: "OPEN" }],
    [`projects/${PROJECT}/members/${OWNER}`, { uid: OWNER, active: true }],
    [`projects/${PROJECT}/members/${OWNER}/private/departure`, { reason: "REMOVED" }],
    [`projects/${PROJECT}/positions/pos1/applications/${OWNER}`, { userId: OWNER }],
    ["notifications/n1", { userId: OWNER, type: "PROJECT_UPDATED", read: false }],
    ["votes/v1", { voterId: OWNER, targetUserId: "u-teammate" }],
    ["voteAnswers/v1", { voterId: OWNER }],
    ["removalReviews/r1", { targetUserId: OWNER }],
    [`payouts/${period}`, { netProfit: 1000 }],
    [`payouts/${period}/statements/${OWNER}`, { userId: OWNER, amount: 10 }],
    ["config/platform", { profitRate: 0.1 }],
    ["config/public", { profitRate: 0.1, announcement: null }],
    ["roles/u-hr", { email: "hr@example.com", role: "hr" }],
    ["mail/m1", { to: "owner@example.com" }],
    ["registrations/r1", { email: "new@example.com", codeHash: "0".repeat(64) }],
    ["rateLimits/k1", { count: 3 }],
    ["idempotencyKeys/k1", { status: 200 }],
    [`accountDeletions/${OWNER}`, { uid: OWNER, email: "owner@example.com", done: "auth" }],
    ["images/i1", { relatedId: OWNER, relatedType: "User", path: "users/u-owner/profile/p.png" }],
    ["jobRuns/j1", { job: "selection" }],
    ["faqs/faq1", { question: "Soru?", answer: "Cevap.", tags: ["sss"], order: 1 }],
    ["lookups/skills", { names: ["React"] }],
    ["lookups/countries/cities/TR", { names: ["İstanbul"] }],
  ];
  const batch = db.batch();
  for (const [path, data] of writes) batch.set(db.doc(path), data);
  await batch.commit();
}

async function attempt(db: Firestore, subject: Subject, op: (typeof OPERATIONS)[number]) {
  switch (op) {
    case "get":
      return allowed(() => getDoc(doc(db, subject.doc)));
    case "list":
      return allowed(() => getDocs(subject.list(db)));
    case "create":
      return allowed(() => setDoc(doc(collection(db, subject.createIn)), { created: true }));
    case "update":
      return allowed(() => updateDoc(doc(db, subject.doc), { touched: true }));
    case "delete":
      return allowed(() => deleteDoc(doc(db, subject.doc)));
  }
}

let stack: RulesStack;
let clients: CallerClients;
let admin: App;

beforeAll(async () => {
  stack = await startRulesStack(false);
  admin = initializeApp({ projectId }, "rules-matrix-admin");
  await seed(admin);
  clients = clientsFor(stack);
});

afterAll(async () => {
  await clients?.close();
  await deleteApp(admin);
  await stack?.close();
});

describe("firestore.rules matrix", () => {
  it("gives every caller exactly the access the platform's rules intend", async () => {
    const result = await runMatrix("firestore.rules", SUBJECTS, (subject, caller, op) =>
      attempt(clients.firestore[caller], subject, op),
    );
    console.log(`\n${result.table}\n`);
    expect(result.checked).toBe(SUBJECTS.length * CALLERS.length * OPERATIONS.length);
    expect(result.mismatches).toEqual([]);
  });

  it("changes nothing when every write is denied", async () => {
    const db = getAdminFirestore(admin);
    const snap = await db.doc(`users/${OWNER}`).get();
    expect(snap.get("touched")).toBeUndefined();
    expect((await db.doc("faqs/faq1").get()).exists).toBe(true);
    expect((await db.collection("faqs").get()).size).toBe(1);
  });
});
