/**
 * A deleted member's id must not stay behind as the cursor of a job that pages through every
 * member, and the job must still resume exactly where it would have.
 */
import { describe, expect, it } from "vitest";
import { paths } from "@platform/common";
import { replaceJobCursors } from "../../src/services/account-deletion.js";
import { build, put } from "./fixtures.js";
import { testDatabases } from "./harness.js";

const dbs = testDatabases();

describe("account deletion: job cursors", () => {
  it("replaces a cursor naming the deleted member with the member before it", async () => {
    const db = dbs.newDb();
    for (const id of ["anna", "cem", "deniz"]) await put(db, build.junior(id, { name: id }));
    await db.doc(`${paths.jobRuns}/go-live-members`).set({ cursor: "cem", written: 2 });
    await db.doc(`${paths.jobRuns}/other`).set({ cursor: "deniz", written: 3 });
    await db.doc(paths.user("cem")).delete();

    await replaceJobCursors(db, "cem");

    expect((await db.doc(`${paths.jobRuns}/go-live-members`).get()).get("cursor")).toBe("anna");
    expect((await db.doc(`${paths.jobRuns}/other`).get()).get("cursor")).toBe("deniz");
  });

  it("clears the cursor when no member came before", async () => {
    const db = dbs.newDb();
    await put(db, build.junior("zeynep", { name: "zeynep" }));
    await db.doc(`${paths.jobRuns}/announce`).set({ cursor: "ayse", written: 1 });

    await replaceJobCursors(db, "ayse");

    expect((await db.doc(`${paths.jobRuns}/announce`).get()).get("cursor")).toBeNull();
  });
});
