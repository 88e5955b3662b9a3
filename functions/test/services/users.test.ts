import { describe, expect, it } from "vitest";
import { messages, paths, type ProfileUpdate } from "@platform/common";
import * as users from "../../src/services/users.js";
import { addProject, addTeam } from "../jobs/fixtures.js";
import { serviceWorlds, uniqueEmail } from "./harness.js";
import { member, viewer } from "./fixtures.js";

const world = serviceWorlds();
const update = (over: Partial<ProfileUpdate>): ProfileUpdate => ({
  user: {},
  details: {},
  ...over,
});
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

describe("users service", () => {
  it("a name change reaches the team strip and the membership record in one go", async () => {
    const w = world();
    const { uid } = await member(w);
    await addProject(w.db, "p");
    await addTeam(w.db, "p", [{ uid, type: "JUNIOR" }]);
    await w.db.doc(paths.user(uid)).update({ currentProjectId: "p" });
    const dto = await users.updateProfile(
      uid,
      update({ user: { name: "Zeynep Kaya" } }),
      w.now(),
      {
        authTime: null,
      },
      w.deps,
    );
    expect(dto).toMatchObject({ name: "Zeynep Kaya" });
    const project = (await w.db.doc(paths.project("p")).get()).data()!;
    expect(project.team[0]).toMatchObject({ uid, name: "Zeynep Kaya", userName: "zeynep-kaya" });
    expect(project.updatedAt.toDate()).toEqual(w.now());
    expect((await w.db.doc(`${paths.members("p")}/${uid}`).get()).data()?.name).toBe("Zeynep Kaya");
  });

  it("an e-mail change needs a recent sign-in, moves Auth and tells the old address", async () => {
    const w = world();
    const { uid, email } = await member(w);
    const next = uniqueEmail("yeni");
    const stale = { authTime: seconds(w.now()) - 24 * 3600 };
    await expect(
      users.updateProfile(uid, update({ email: next }), w.now(), stale, w.deps),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: messages.auth.recentLoginRequired,
    });
    expect((await w.deps.auth.getUser(uid)).email).toBe(email);

    const fresh = { authTime: seconds(w.now()) - 60 };
    await users.updateProfile(uid, update({ email: next }), w.now(), fresh, w.deps);
    expect(await w.deps.auth.getUser(uid)).toMatchObject({ email: next, emailVerified: false });
    expect((await w.db.doc(paths.userContact(uid)).get()).data()).toMatchObject({
      email: next,
      isEmailVerified: false,
    });
    expect(await w.mail.sent()).toEqual([
      expect.objectContaining({ to: email, subject: "E-posta adresiniz değiştirildi" }),
    ]);
    // Someone else's address stays theirs.
    const other = await member(w);
    await expect(
      users.updateProfile(uid, update({ email: other.email }), w.now(), fresh, w.deps),
    ).rejects.toMatchObject({ code: "CONFLICT", message: messages.auth.emailInUse });
  });

  it("the position is locked in a project; a failing transaction puts the Auth e-mail back", async () => {
    const w = world();
    const { uid, email } = await member(w, { currentProjectId: "p" });
    const fresh = { authTime: seconds(w.now()) };
    await expect(
      users.updateProfile(
        uid,
        update({ user: { position: { name: "Backend Developer" } }, email: uniqueEmail() }),
        w.now(),
        fresh,
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "CONFLICT", message: messages.users.positionLocked });
    expect((await w.deps.auth.getUser(uid)).email).toBe(email);
    expect((await w.db.doc(paths.user(uid)).get()).data()?.position).toEqual({
      name: "Frontend Developer",
    });
    expect(await w.mail.sent()).toEqual([]);
  });

  it("profiles show contact data by visibility; directories page within bounds", async () => {
    const w = world();
    const a = await member(w, { name: "Ayşe", nameSort: "ayşe", currentProjectId: "p" });
    const b = await member(w, { name: "Burak", nameSort: "burak", currentProjectId: "p" });
    const c = await member(w, { name: "Cem", nameSort: "cem" });
    const ofA = (who: ReturnType<typeof viewer> | null) => users.getUser(who, a.uid, w.deps);
    expect((await ofA(null)).email).toBeUndefined();
    expect((await ofA(viewer(c.uid))).email).toBeUndefined();
    expect((await ofA(viewer(b.uid))).email).toBe(a.email);
    expect((await ofA(viewer(c.uid, "hr"))).email).toBe(a.email);
    await w.db.doc(paths.user(c.uid)).update({ profileComplete: false });
    await expect(users.getUser(viewer(a.uid), c.uid, w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.users.notFound,
    });

    const page = await users.listByType({ type: "JUNIOR", page: 1, limit: 1, search: "" }, w.deps);
    expect(page.pagination).toMatchObject({ total: 2, totalPages: 2, hasNextPage: true });
    expect(page.users.map((u) => u.name)).toEqual(["Ayşe"]);
    await expect(
      users.listByType({ type: "JUNIOR", page: 3, limit: 1, search: "" }, w.deps),
    ).rejects.toMatchObject({ code: "INVALID", message: messages.users.pageOutOfRange(2) });
  });
});
