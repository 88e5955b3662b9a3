/**
 * `npm run seed:reference -- [--project <id>]`: loads the reference data (FAQ, position names,
 * skills, languages, countries and their cities) into Firestore. With FIRESTORE_EMULATOR_HOST
 * set it writes to that emulator (project `demo-platform` unless --project names another);
 * otherwise to the real project with Application Default Credentials
 * (`gcloud auth application-default login`). Writes only `faqs/faq-NN` and `lookups/*`, and only
 * documents that are missing or differ: a second run prints "unchanged" and writes nothing.
 */
import { deleteApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { seedReferenceData } from "../reference/index.js";
import { adminTarget } from "./admin-target.js";

const { app, description } = adminTarget(process.argv.slice(2), "seed:reference");
console.log(`Reference data → ${description}`);
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
