import { describe, expect, it } from "vitest";
import { messages, paths } from "@platform/common";
import * as projects from "../../src/services/projects.js";
import { addProject, addTeam, addUser } from "../jobs/fixtures.js";
import { dump, serviceWorlds } from "./harness-dump.js";
import { viewer } from "./fixtures.js";

const world = serviceWorlds();
const LIVE_SINCE = new Date("2026-01-05T09:00:00Z");

async function team(w: ReturnType<typeof world>) {
  for (const uid of ["pm", "j1", "j2"]) await addUser(w.db, uid, { currentProjectId: "p" });
  await w.db.doc(paths.user("pm")).update({ position: { name: "Project Manager" } });
  await addProject(w.db, "p", { managerId: "pm", liveSince: LIVE_SINCE });
  await addTeam(w.db, "p", [
    { uid: "pm", type: "JUNIOR", positionName: "Project Manager" },
    { uid: "j1", type: "JUNIOR" },
    { uid: "j2", type: "JUNIOR" },
  ]);
}

describe("projects service", () => {
  it("leaving closes the membership, reopens the seat, tells the team and records the opening", async () => {
    const w = world();
    await team(w);
    expect(await projects.leaveProject("j1", "p", w.now(), w.deps)).toEqual({
      projectId: "p",
      positionId: "seat-j1",
    });
    const project = (await w.db.doc(paths.project("p")).get()).data()!;
    expect(project.memberIds).toEqual(["pm", "j2"]);
    expect(project.memberCount).toBe(2);
    expect((await w.db.doc(paths.user("j1")).get()).data()?.currentProjectId).toBeNull();
    const seat = (await w.db.doc(paths.position("p", "seat-j1")).get()).data()!;
    expect(seat).toMatchObject({ status: "OPEN", filledBy: null });
    expect(seat.windowStartsAt.toDate()).toEqual(w.now());
    const notes = Object.values(await dump(w.db, paths.notifications)) as {
      userId: string;
      type: string;
    }[];
    expect(notes.map((n) => `${n.type}:${n.userId}`).sort()).toEqual([
      "PROJECT_HIRING:j2",
      "PROJECT_HIRING:pm",
      "PROJECT_USER_LEFT:j2",
      "PROJECT_USER_LEFT:pm",
    ]);
    const runs = Object.values(await dump(w.db, paths.jobRuns)) as {
      kind: string;
      leftBy: string;
    }[];
    expect(runs).toEqual([expect.objectContaining({ kind: "HIRING", leftBy: "j1", done: false })]);
    await expect(projects.leaveProject("j1", "p", w.now(), w.deps)).rejects.toMatchObject({
      code: "CONFLICT",
      message: messages.projects.notMember,
    });
    await expect(projects.leaveProject("j1", "yok", w.now(), w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("only the manager edits; a new stage is announced to the team", async () => {
    const w = world();
    await team(w);
    await expect(
      projects.updateProject("j1", "p", { title: "Başka" }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: messages.projects.managerOnly });
    await expect(projects.updateProject("pm", "p", {}, w.now(), w.deps)).rejects.toMatchObject({
      code: "INVALID",
      message: messages.projects.nothingToSave,
    });
    const dto = await projects.updateProject(
      "pm",
      "p",
      { completed_percentage: 40 },
      w.now(),
      w.deps,
    );
    expect(dto).toMatchObject({ completed_percentage: 40 });
    const notes = Object.values(await dump(w.db, paths.notifications)) as { userId: string }[];
    expect(notes.map((n) => n.userId).sort()).toEqual(["j1", "j2"]);
  });

  it("visitors see live projects only; members see their own; team e-mails by visibility", async () => {
    const w = world();
    await team(w);
    await addProject(w.db, "q", { isLive: false, memberIds: ["j9"] });
    expect((await projects.listProjects(null, w.deps)).map((p) => p._id)).toEqual(["p"]);
    await expect(projects.getProject(null, "q", w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.projects.notFound,
    });
    await expect(projects.getProject(viewer("j9"), "q", w.deps)).resolves.toMatchObject({
      _id: "q",
    });
    await expect(projects.getProject(viewer("x", "ops"), "q", w.deps)).resolves.toMatchObject({
      _id: "q",
    });
    expect(
      await projects.teamEmails(
        w.db,
        viewer("j1"),
        "p",
        "p",
        (await w.db.doc(paths.project("p")).get()).data() as never,
      ),
    ).toEqual(
      new Map([
        ["pm", "pm@example.com"],
        ["j1", "j1@example.com"],
        ["j2", "j2@example.com"],
      ]),
    );
    expect(
      await projects.teamEmails(
        w.db,
        null,
        null,
        "p",
        (await w.db.doc(paths.project("p")).get()).data() as never,
      ),
    ).toBeNull();
  });

  it("a member's projects carry the days served up to now or the day they left", async () => {
    const w = world();
    await team(w);
    const list = await projects.userProjects("j1", w.now(), w.deps);
    // 5 January 09:00 to 2 March 07:00: 55 whole days.
    expect(list).toEqual([expect.objectContaining({ _id: "p", active: true, duration: 55 })]);
    await projects.leaveProject("j1", "p", w.now(), w.deps);
    w.clock.advance(10 * 86_400_000);
    expect(await projects.userProjects("j1", w.now(), w.deps)).toEqual([
      expect.objectContaining({ _id: "p", active: false, duration: 55 }),
    ]);
    expect(await projects.userProjects("nobody", w.now(), w.deps)).toEqual([]);
  });
});
