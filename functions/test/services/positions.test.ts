import { describe, expect, it } from "vitest";
import { messages, paths } from "@platform/common";
import * as positions from "../../src/services/positions.js";
import { addProject, addTeam, addUser } from "../jobs/fixtures.js";
import { dump, serviceWorlds } from "./harness-dump.js";
import { viewer } from "./fixtures.js";

const world = serviceWorlds();
const LIVE_SINCE = new Date("2026-01-05T09:00:00Z");
const frontend = {
  positionName: "Frontend Developer",
  expectations: ["React"],
  positionType: "JUNIOR" as const,
};

async function project(w: ReturnType<typeof world>) {
  await addUser(w.db, "pm", { currentProjectId: "p", position: { name: "Project Manager" } });
  await addProject(w.db, "p", { managerId: "pm", liveSince: LIVE_SINCE });
  await addTeam(w.db, "p", [{ uid: "pm", type: "JUNIOR", positionName: "Project Manager" }]);
}

describe("positions service", () => {
  it("the manager opens seats with a 24-hour window; the team hears, the job gets a record", async () => {
    const w = world();
    await project(w);
    await addUser(w.db, "j1", { currentProjectId: "p" });
    await w.db.doc(paths.project("p")).update({ memberIds: ["pm", "j1"] });
    await expect(
      positions.addPositions("j1", "p", [frontend], w.now(), w.deps),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: messages.projects.managerOnly,
    });
    const [created] = await positions.addPositions("pm", "p", [frontend], w.now(), w.deps);
    const stored = (await w.db.doc(paths.position("p", created!._id)).get()).data()!;
    expect(stored).toMatchObject({ status: "OPEN", type: "JUNIOR", positionId: created!._id });
    expect(stored.windowStartsAt.toDate()).toEqual(w.now());
    expect(stored.windowEndsAt.toDate()).toEqual(new Date(w.now().getTime() + 86_400_000));
    const notes = Object.values(await dump(w.db, paths.notifications)) as {
      userId: string;
      type: string;
    }[];
    expect(notes).toEqual([expect.objectContaining({ userId: "j1", type: "PROJECT_HIRING" })]);
    expect(Object.keys(await dump(w.db, paths.jobRuns))).toHaveLength(1);
    expect((await w.db.doc(paths.project("p")).get()).data()).toMatchObject({
      allPositionCount: 2,
      openPositionCount: 1,
    });
    await w.db.doc(paths.lookup("positionNames")).set({ names: ["Frontend Developer"] });
    await expect(
      positions.addPositions(
        "pm",
        "p",
        [{ ...frontend, positionName: "Sihirbaz" }],
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "INVALID", message: messages.projects.positionNameUnknown });
  });

  it("applying: once per member at a time, matching position and type, inside the window", async () => {
    const w = world();
    await project(w);
    const [seat] = await positions.addPositions("pm", "p", [frontend], w.now(), w.deps);
    const [other] = await positions.addPositions("pm", "p", [frontend], w.now(), w.deps);
    await addUser(w.db, "j1");
    await addUser(w.db, "s1", { type: "SENIOR" });
    await addUser(w.db, "b1", { position: { name: "Backend Developer" } });
    expect(await positions.apply("j1", seat!._id, w.now(), w.deps)).toEqual({
      applicationId: "j1",
      projectId: "p",
      positionId: seat!._id,
      status: "PENDING",
    });
    expect((await w.db.doc(paths.userState("j1")).get()).data()).toEqual({
      activeApplication: { projectId: "p", positionId: seat!._id },
    });
    const refusal = (uid: string, positionId: string) =>
      positions
        .apply(uid, positionId, w.now(), w.deps)
        .catch((e: { code: string; extra: object }) => [e.code, e.extra]);
    expect(await refusal("j1", other!._id)).toEqual(["CONFLICT", { reason: "IN_PROJECT" }]);
    expect(await refusal("s1", seat!._id)).toEqual(["FORBIDDEN", { reason: "TYPE_MISMATCH" }]);
    expect(await refusal("b1", seat!._id)).toEqual(["FORBIDDEN", { reason: "POSITION_MISMATCH" }]);
    w.clock.advance(86_400_000);
    await addUser(w.db, "j2");
    expect(await refusal("j2", seat!._id)).toEqual(["CONFLICT", { reason: "WINDOW_CLOSED" }]);
    await expect(positions.apply("j2", "yok", w.now(), w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.projects.positionNotFound,
    });
    expect((await w.db.doc(paths.position("p", seat!._id)).get()).data()?.applicantCount).toBe(1);
  });

  it("deleting an open seat rejects its applicants and frees them; a filled one stays", async () => {
    const w = world();
    await project(w);
    const [seat] = await positions.addPositions("pm", "p", [frontend], w.now(), w.deps);
    await addUser(w.db, "j1");
    await positions.apply("j1", seat!._id, w.now(), w.deps);
    await expect(positions.deletePosition("j1", seat!._id, w.now(), w.deps)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await positions.deletePosition("pm", seat!._id, w.now(), w.deps);
    expect((await w.db.doc(paths.position("p", seat!._id)).get()).exists).toBe(false);
    expect((await w.db.doc(paths.userState("j1")).get()).data()).toEqual({
      activeApplication: null,
    });
    const notes = Object.values(await dump(w.db, paths.notifications)) as {
      userId: string;
      type: string;
    }[];
    expect(notes).toContainEqual(
      expect.objectContaining({ userId: "j1", type: "PROJECT_REJECTED" }),
    );
    await expect(positions.deletePosition("pm", "seat-pm", w.now(), w.deps)).rejects.toMatchObject({
      code: "CONFLICT",
      message: messages.projects.positionFilled,
    });
  });

  it("lists a project's seats with the viewer's applications; hidden projects are not found", async () => {
    const w = world();
    await project(w);
    const [seat] = await positions.addPositions("pm", "p", [frontend], w.now(), w.deps);
    await addUser(w.db, "j1");
    await positions.apply("j1", seat!._id, w.now(), w.deps);
    const list = await positions.positionsByProject(viewer("j1"), "p", w.deps);
    expect(list.find((p) => p._id === seat!._id)).toMatchObject({ hasApplied: true });
    expect((await positions.positionsByProject(null, "p", w.deps))[0]).not.toHaveProperty(
      "hasApplied",
    );
    await addProject(w.db, "q", { isLive: false });
    await expect(positions.positionsByProject(null, "q", w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.projects.notFound,
    });
  });
});
