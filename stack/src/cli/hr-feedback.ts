/**
 * `npm run hr-feedback -- <hr e-mail> [<userName>]`: what an HR specialist may read of the written
 * feedback (docs/product-rules.md#votes-anonymity), read as them: the script signs in with their account (password from
 * HR_PASSWORD, else asked) and reads through firestore.rules, so it shows exactly what the role
 * allows and nothing more (the Firebase console would show everything). With a userName, the
 * feedback about that member; without, all feedback, newest first.
 *
 * Against the emulators when FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST are set;
 * otherwise against the project of the web build's config (VITE_FIREBASE_API_KEY,
 * VITE_FIREBASE_PROJECT_ID).
 */
import { createInterface } from "node:readline/promises";
import { deleteApp, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import {
  type QueryDocumentSnapshot,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  getDocs,
  getFirestore,
  limit,
  query,
  where,
} from "firebase/firestore/lite";
import { DEMO_PROJECT_ID, type FeedbackDoc } from "@platform/common";

const [email, userName] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (!email) {
  console.error("✖ usage: npm run hr-feedback -- <hr e-mail> [<userName>]");
  process.exit(1);
}
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
const emulated = Boolean(authHost && firestoreHost);
const projectId = process.env.VITE_FIREBASE_PROJECT_ID ?? (emulated ? DEMO_PROJECT_ID : undefined);
const apiKey = process.env.VITE_FIREBASE_API_KEY ?? (emulated ? "demo-api-key" : undefined);
if (!projectId || !apiKey) {
  console.error(
    "✖ set VITE_FIREBASE_API_KEY and VITE_FIREBASE_PROJECT_ID (the web build's config)",
  );
  process.exit(1);
}

const app = initializeApp({ apiKey, projectId }, `hr-feedback-${Date.now()}`);
const auth = getAuth(app);
const db = getFirestore(app);
if (emulated) {
  connectAuthEmulator(auth, `http://${authHost}`, { disableWarnings: true });
  const [host, port] = firestoreHost!.split(":");
  connectFirestoreEmulator(db, host!, Number(port));
}

try {
  const password = process.env.HR_PASSWORD ?? (await ask(`Password for ${email}: `));
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  const role = (await user.getIdTokenResult()).claims.role;
  if (role !== "hr") throw new Error(`${email} does not have the role hr (npm run grant-role)`);

  let feedback: QueryDocumentSnapshot[];
  if (userName) {
    const found = await getDocs(
      query(
        collection(db, "users"),
        where("profileComplete", "==", true),
        where("userName", "==", userName),
        limit(1),
      ),
    );
    const member = found.docs[0];
    if (!member) throw new Error(`no member with the userName ${userName}`);
    feedback = (await getDocs(collection(db, `users/${member.id}/feedbacks`))).docs;
    console.log(`Feedback about ${String(member.get("name"))} (${userName}):`);
  } else {
    feedback = (await getDocs(collectionGroup(db, "feedbacks"))).docs;
    console.log("All feedback:");
  }
  const rows = feedback
    .map((d) => ({ about: d.ref.parent.parent!.id, data: d.data() as FeedbackDoc }))
    .sort((a, b) => b.data.weekId.localeCompare(a.data.weekId));
  for (const { about, data } of rows) {
    console.log(
      `- [${data.weekId}] about ${about}, project ${data.projectId}, from ${data.evaluatorUser?.userName ?? data.evaluatorId}: ${data.feedback}`,
    );
  }
  console.log(`✔ ${rows.length} feedback`);
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}

async function ask(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(prompt);
  } finally {
    rl.close();
  }
}
