/**
 * `npm run seed:reference -- [--project <id>]`: loads the reference data (FAQ, position names,
 * skills, languages, countries and their cities) into Firestore. With FIRESTORE_EMULATOR_HOST
 * set it writes to that emulator (project `demo-platform` unless --project names another);
 * otherwise to the real project with Application Default Credentials
 * (`gcloud auth application-default login`). Writes only `faqs/faq-NN` and `lookups/*`, and only
 * documents that are missing or differ: a second run prints "unchanged" and writes nothing.
 */
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { seedReferenceData } from "../reference/index.js";

const args = process.argv.slice(2);
const projectFlag = args.indexOf("--project");
if (projectFlag >= 0 && !args[projectFlag + 1]) fail("--project needs a project id");
const emulator = process.env.FIRESTORE_EMULATOR_HOST;
const projectId =
  (projectFlag >= 0 ? args[projectFlag + 1] : undefined) ??
  process.env.GOOGLE_CLOUD_PROJECT ??
  process.env.GCLOUD_PROJECT ??
  (emulator ? "demo-platform" : undefined);
if (!projectId) {
  fail("name the project: npm run seed:reference -- --project <id> (or set GOOGLE_CLOUD_PROJECT)");
}
if (!emulator && projectId.startsWith("demo-")) {
  fail(`${projectId} is a demo project: set FIRESTORE_EMULATOR_HOST to seed the emulator`);
}

const target = emulator ? `the Firestore emulator at ${emulator}` : "Firestore";
console.log(`Reference data → ${target}, project ${projectId}`);
const app = initializeApp({ projectId }, `seed-reference-${Date.now()}`);
try {
  const report = await seedReferenceData(getFirestore(app));
  for (const { path, result } of report.documents) {
    if (result !== "unchanged") console.log(`  ${result.padEnd(9)} ${path}`);
  }
  const total = report.documents.length;
  console.log(
    report.created + report.updated === 0
      ? `✔ unchanged: all ${total} documents are up to date`
      : `✔ ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged (${total} documents)`,
  );
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}
