import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { messages, paths } from "@platform/common";
import * as images from "../../src/services/images.js";
import { addProject, addUser } from "../jobs/fixtures.js";
import { serviceWorlds } from "./harness.js";

const world = serviceWorlds();
/** The PNG signature and an IHDR start: enough for the type sniffing. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("0000000d49484452000000010000000108060000001f15c489", "hex"),
]);
const profile = (uid: string) => ({
  relatedId: uid,
  relatedType: "User" as const,
  imageType: "Profile" as const,
});
const file = (buffer: Buffer, mimeType = "image/png") => ({ buffer, mimeType, truncated: false });

describe("images service", () => {
  it("a new profile photo replaces the old one in Storage, images and on the profile", async () => {
    const w = world();
    await addUser(w.db, "u1");
    const first = await images.upload("u1", profile("u1"), file(PNG), w.now(), w.deps);
    expect(first).toMatchObject({ relatedId: "u1", contentType: "image/png", size: PNG.length });
    expect(first.path).toMatch(/^users\/u1\/profile\/.+\.png$/);
    w.clock.advance(1000);
    const second = await images.upload("u1", profile("u1"), file(PNG), w.now(), w.deps);
    expect((await w.db.doc(paths.user("u1")).get()).data()?.photoPath).toBe(second.path);
    expect((await w.deps.bucket.file(first.path).exists())[0]).toBe(false);
    const list = await (await images.imageListing("u1", w.deps)).load();
    expect(list.map((i) => i._id)).toEqual([second._id]);
    expect(list[0]!.content).toBe(PNG.toString("base64"));
  });

  it("refuses other owners, wrong kinds and bytes that are no image, storing nothing", async () => {
    const w = world();
    // The bucket is shared by the suites: an owner of its own, whose folder starts empty.
    const uid = `u-${randomUUID().slice(0, 8)}`;
    await addUser(w.db, uid);
    await addProject(w.db, "p", { managerId: "pm" });
    await expect(
      images.upload(uid, profile(`${uid}-other`), file(PNG), w.now(), w.deps),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: messages.images.notAllowed,
    });
    await expect(
      images.upload(
        uid,
        { relatedId: "p", relatedType: "Project", imageType: "Logo" },
        file(PNG),
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: messages.projects.managerOnly });
    await expect(
      images.upload(uid, { ...profile(uid), imageType: "Logo" }, file(PNG), w.now(), w.deps),
    ).rejects.toMatchObject({ code: "INVALID" });
    await expect(
      images.upload(
        uid,
        profile(uid),
        file(Buffer.from("<svg/>"), "image/svg+xml"),
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "INVALID", message: messages.images.badType });
    expect((await w.db.collection(paths.images).get()).size).toBe(0);
    expect((await w.bucket.getFiles({ prefix: `users/${uid}/` }))[0]).toEqual([]);
  });

  it("an Auth account without a member record gets 'not found' and stores nothing", async () => {
    const w = world();
    const uid = `ghost-${randomUUID().slice(0, 8)}`;
    await expect(
      images.upload(uid, profile(uid), file(PNG), w.now(), w.deps),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: messages.users.notFound });
    expect((await w.db.collection(paths.images).get()).size).toBe(0);
    expect((await w.bucket.getFiles({ prefix: `users/${uid}/` }))[0]).toEqual([]);
  });

  it("records a direct upload only inside the owner's folder and deletes it again", async () => {
    const w = world();
    await addUser(w.db, "u1");
    await expect(
      images.recordDirectUpload(
        "u1",
        { ...profile("u1"), path: "users/u2/profile/x.png" },
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "INVALID", message: messages.images.pathNotAllowed });
    await expect(
      images.recordDirectUpload(
        "u1",
        { ...profile("u1"), path: "users/u1/profile/yok.png" },
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: messages.images.objectMissing });
    const path = "users/u1/profile/direct.png";
    await w.deps.bucket.file(path).save(PNG, { contentType: "image/png", resumable: false });
    const dto = await images.recordDirectUpload("u1", { ...profile("u1"), path }, w.now(), w.deps);
    expect((await w.db.doc(paths.user("u1")).get()).data()?.photoPath).toBe(path);
    await expect(images.deleteImage("u2", dto._id, w.now(), w.deps)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await images.deleteImage("u1", dto._id, w.now(), w.deps);
    expect((await w.db.doc(paths.user("u1")).get()).data()?.photoPath).toBeNull();
    expect((await w.deps.bucket.file(path).exists())[0]).toBe(false);
    await expect(images.deleteImage("u1", dto._id, w.now(), w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.images.deleteNotFound,
    });
  });
});
