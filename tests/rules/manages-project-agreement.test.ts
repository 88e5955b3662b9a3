/**
 * "Manages this project" is written twice: `canManageProject` in common (the API's check before
 * a project, its positions or its image change) and `isProjectManager` in storage.rules (the
 * SPA's direct upload of the project image). For every combination of the project's manager and
 * the caller's position name, both must give the same answer.
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore as getAdminFirestore } from "firebase-admin/firestore";
import { ref, uploadBytes } from "firebase/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canManageProject } from "@platform/common";
import { IDENTITY } from "./callers.js";
import {
  type CallerClients,
  type RulesStack,
  allowed,
  bucket,
  clientsFor,
  PNG,
  projectId,
  startRulesStack,
} from "./emulator-clients.js";

const PROJECT = "p-agreement";
const caller = IDENTITY.manager!.uid;

const MANAGERS: (string | null)[] = [caller, "u-other", null];
/** The caller's stored position name; `undefined`: the user document has no position at all. */
const POSITIONS: (string | null | undefined)[] = [
  "Project Manager",
  "project manager",
  "Project Manager ",
  "PROJECT MANAGER",
  "Tester",
  "",
  null,
  undefined,
];

let stack: RulesStack;
let clients: CallerClients;
let admin: App;

beforeAll(async () => {
  stack = await startRulesStack(true);
  admin = initializeApp({ projectId, storageBucket: bucket }, "manages-project-admin");
  clients = clientsFor(stack);
});

afterAll(async () => {
  await clients?.close();
  await deleteApp(admin);
  await stack?.close();
});

describe("manages this project", () => {
  it("is the same decision in common and in storage.rules", async () => {
    const db = getAdminFirestore(admin);
    const disagreements: string[] = [];
    let checked = 0;
    for (const managerId of MANAGERS) {
      for (const position of POSITIONS) {
        await db.doc(`projects/${PROJECT}`).set({ title: "Uyum", isLive: true, managerId });
        await db
          .doc(`users/${caller}`)
          .set(
            position === undefined
              ? { name: "Deneme" }
              : { name: "Deneme", position: position === null ? null : { name: position } },
          );
        const rules = await allowed(() =>
          uploadBytes(ref(clients.storage.manager, `projects/${PROJECT}/image/logo.png`), PNG, {
            contentType: "image/png",
          }),
        );
        const common = canManageProject(caller, position, managerId);
        checked++;
        if (rules !== common) {
          disagreements.push(
            `manager ${String(managerId)}, position ${JSON.stringify(position)}: rules ${rules}, common ${common}`,
          );
        }
      }
    }
    expect(checked).toBe(MANAGERS.length * POSITIONS.length);
    expect(disagreements).toEqual([]);
  });
});
