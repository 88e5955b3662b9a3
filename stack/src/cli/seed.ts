/**
 * `npm run seed`: loads the demo dataset into the running local stack (again, with --force).
 */
import { seedDemoData } from "../demo/seed.js";
import { projectId } from "./paths.js";
import { stackEnvironment } from "./stack.js";

Object.assign(process.env, stackEnvironment());
const force = process.argv.includes("--force");
try {
  const result = await seedDemoData({ projectId, force });
  console.log(
    result.seeded
      ? `Demo data loaded: ${result.documents} documents, ${result.files} pictures, ${result.authUsers} accounts.`
      : "Demo data already present (use --force to load it again).",
  );
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
