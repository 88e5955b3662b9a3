/**
 * `npm run seed:reference` against our Firestore emulator: it writes the FAQ and every lookup,
 * nothing else, and a second run changes nothing.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAQS, buildReferenceDocuments } from "../src/reference/index.js";
import { startFirestoreEmulator } from "@platform/emulators/firestore";

const exec = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const projectId = "demo-reference-seed";

let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let app: App;
let db: Firestore;

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = "none";
  emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  app = initializeApp({ projectId }, "reference-seed-test");
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.close();
});

async function seedReference(): Promise<string> {
  const { stdout } = await exec(
    "npm",
    ["run", "--silent", "seed:reference", "--", "--project", projectId],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulator.port}`,
        METADATA_SERVER_DETECTION: "none",
      },
    },
  );
  return stdout;
}

describe("npm run seed:reference", () => {
  // Three runs of the CLI, each a tsx start-up: slow on a loaded machine, hence the long timeout.
  it("loads the FAQ and every lookup, touches nothing else, and changes nothing the second time", async () => {
    await db.doc("users/someone").set({ name: "Kalsın" });
    await db.doc("faqs/admin-added").set({ question: "Ek soru?", answer: "Evet.", tags: ["sss"] });
    const expected = buildReferenceDocuments();

    const first = await seedReference();
    expect(first).toContain(`project ${projectId}`);
    expect(first).toContain("created   lookups/positionNames");
    expect(first).toContain("created   faqs/faq-01");
    expect(first).toContain(`✔ ${expected.length} created, 0 updated, 0 unchanged`);

    const positions = (await db.doc("lookups/positionNames").get()).get("names") as string[];
    expect(positions).toContain("Project Manager");
    expect((await db.doc("lookups/skills").get()).get("names")).toContain("React");
    expect((await db.doc("lookups/turkishLanguages").get()).get("names")).toContain("İngilizce");
    const countries = (await db.doc("lookups/countries").get()).get("items") as {
      isoCode: string;
      name: string;
    }[];
    expect(countries[0]).toEqual({ isoCode: "TR", name: "Türkiye" });
    expect(countries).toContainEqual({ isoCode: "DE", name: "Almanya" });
    const trCities = (await db.doc("lookups/countries/cities/TR").get()).get("names") as string[];
    expect(trCities).toHaveLength(81);
    expect(trCities).toContain("İstanbul");
    const faqs = await db.collection("faqs").orderBy("order").get();
    expect(faqs.docs.filter((d) => d.id.startsWith("faq-")).map((d) => d.get("question"))).toEqual(
      FAQS.map((f) => f.question),
    );
    // Other documents are left as they were.
    expect((await db.doc("faqs/admin-added").get()).get("answer")).toBe("Evet.");
    expect((await db.doc("users/someone").get()).data()).toEqual({ name: "Kalsın" });
    const collections = (await db.listCollections()).map((c) => c.id).sort();
    expect(collections).toEqual(["faqs", "lookups", "users"]);

    const before = await db.doc("lookups/skills").get();
    const second = await seedReference();
    expect(second).toContain(`✔ unchanged: all ${expected.length} documents are up to date`);
    expect(second).not.toContain("created ");
    expect(second).not.toContain("updated ");
    const after = await db.doc("lookups/skills").get();
    expect(after.updateTime!.isEqual(before.updateTime!)).toBe(true);

    // A document edited since is brought back to the reference content, and only that one.
    await db.doc("lookups/skills").set({ names: ["Yalnızca bu"] });
    const third = await seedReference();
    expect(third).toContain("updated   lookups/skills");
    expect(third).toContain(`✔ 0 created, 1 updated, ${expected.length - 1} unchanged`);
    expect((await db.doc("lookups/skills").get()).get("names")).toContain("TypeScript");
  }, 180_000);
});
