/**
 * `npm run export-user -- <uid> [--project <id>] [--out <file>]`: the data export of one member,
 * the same document `GET /api/users/me/export` hands a signed-in member, for KVKK requests that
 * arrive by mail (answer within 30 days). Without --project it reads the running local stack; with
 * it, the named Firebase project through Application Default Credentials (an admin's
 * `gcloud auth application-default login`). Writes verilerim-YYYY-MM-DD-<uid>.json (or --out).
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { exportFileName } from "@platform/common";
import { ports } from "./paths.js";
import { stackEnvironment } from "./stack.js";
import { portIsFree } from "./wait.js";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const optionValues = new Set(["--project", "--out"].map((o) => option(o)));
const uid = args.find((a) => !a.startsWith("--") && !optionValues.has(a));
const project = option("--project");

if (!uid || !/^[A-Za-z0-9_-]{1,128}$/.test(uid)) {
  console.error(
    "usage: npm run export-user -- <uid> [--project <firebase-project>] [--out <file>]",
  );
  process.exit(1);
}

if (project) {
  process.env.GCLOUD_PROJECT = project;
} else {
  if (await portIsFree(ports.firestore)) {
    console.error("✖ The local stack is not running (or pass --project <id> for production).");
    process.exit(1);
  }
  Object.assign(process.env, stackEnvironment());
}

// Imported after the environment is set: the functions' Firebase app reads it on first use.
const { exportAccount } = await import("../../../functions/src/services/account-export.js");
const now = new Date();
const data = await exportAccount(uid, now);
if (!data) {
  console.error(`✖ No member with uid ${uid}.`);
  process.exit(1);
}
const out = resolve(option("--out") ?? exportFileName(now).replace(".json", `-${uid}.json`));
writeFileSync(out, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
console.log(`✔ ${out}`);
process.exit(0);
