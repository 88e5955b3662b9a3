import { describe, expect, it } from "vitest";
import { messages, paths } from "@platform/common";
import * as rights from "../../src/services/account-rights.js";
import { serviceWorlds } from "./harness.js";
import { PASSWORD, member } from "./fixtures.js";

const world = serviceWorlds();

describe("account rights service", () => {
  it("exports the member's data as of the clock; an unknown member is not found", async () => {
    const w = world();
    const { uid, email } = await member(w);
    const data = await rights.ownExport(uid, w.now(), w.deps);
    expect(data).toMatchObject({
      format: "platform-kvkk-export/1",
      uid,
      generatedAt: w.now().toISOString(),
    });
    expect(JSON.stringify(data)).toContain(email);
    await expect(rights.ownExport("nobody", w.now(), w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.users.notFound,
    });
  });

  it("a wrong password changes nothing and counts; the budget then refuses even the right one", async () => {
    const w = world();
    const { uid } = await member(w);
    for (let i = 0; i < 5; i++) {
      await expect(rights.deleteOwnAccount(uid, "yanlis", w.now(), w.deps)).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: messages.account.deletePasswordWrong,
      });
    }
    await expect(rights.deleteOwnAccount(uid, PASSWORD, w.now(), w.deps)).rejects.toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
    });
    expect((await w.db.doc(paths.user(uid)).get()).exists).toBe(true);
    await expect(w.deps.auth.getUser(uid)).resolves.toMatchObject({ uid });
  });

  it("the right password erases the account: Auth, profile documents and uploads", async () => {
    const w = world();
    const { uid } = await member(w);
    const photo = `users/${uid}/profile/a.png`;
    await w.deps.bucket.file(photo).save(Buffer.from("x"), { resumable: false });
    await rights.deleteOwnAccount(uid, PASSWORD, w.now(), w.deps);
    await expect(w.deps.auth.getUser(uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
    for (const path of [paths.user(uid), paths.userContact(uid), paths.userDetails(uid)]) {
      expect((await w.db.doc(path).get()).exists).toBe(false);
    }
    expect((await w.deps.bucket.file(photo).exists())[0]).toBe(false);
    await expect(rights.deleteOwnAccount(uid, PASSWORD, w.now(), w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
