import { describe, expect, it } from "vitest";
import { messages, paths } from "@platform/common";
import * as accounts from "../../src/services/accounts.js";
import { oobCodeOf } from "../../src/infra/identity.js";
import { serviceWorlds, uniqueEmail } from "./harness.js";
import { PASSWORD, member } from "./fixtures.js";

const world = serviceWorlds();

describe("accounts service", () => {
  it("signs in with the password and syncs the verified flag; a wrong one is refused", async () => {
    const w = world();
    const { uid, email } = await member(w);
    await w.db.doc(paths.userContact(uid)).update({ isEmailVerified: false });
    const tokens = await accounts.login(email, PASSWORD, w.deps);
    expect(tokens).toMatchObject({ userId: uid, email });
    expect((await w.db.doc(paths.userContact(uid)).get()).data()?.isEmailVerified).toBe(true);
    await expect(accounts.login(email, "yanlis-sifre", w.deps)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: messages.auth.loginInvalid,
    });
    await w.deps.auth.updateUser(uid, { disabled: true });
    await expect(accounts.login(email, PASSWORD, w.deps)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: messages.auth.accountDisabled,
    });
  });

  it("refreshes a session, but not one of a deleted account", async () => {
    const w = world();
    const { uid, email } = await member(w);
    const tokens = await accounts.login(email, PASSWORD, w.deps);
    const again = await accounts.refresh(tokens.refreshToken, w.deps);
    expect(again).toMatchObject({ userId: uid, email });
    await expect(accounts.refresh("bozuk", w.deps)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: messages.auth.refreshInvalid,
    });
    await w.deps.auth.deleteUser(uid);
    await expect(accounts.refresh(again.refreshToken, w.deps)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("password reset: unknown addresses are refused, the mailed link sets a new password", async () => {
    const w = world();
    const { email } = await member(w);
    await expect(
      accounts.requestPasswordReset(uniqueEmail(), w.now(), w.deps),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.auth.resetEmailUnknown,
    });
    expect(await w.mail.sent()).toEqual([]);
    await accounts.requestPasswordReset(email, w.now(), w.deps);
    const [mail] = await w.mail.sent();
    expect(mail).toMatchObject({ to: email, subject: "Şifre yenileme" });
    const link = /(https?:\/\/\S+)/.exec(mail!.text)![1]!;
    const token = oobCodeOf(link.replace("?token=", "?oobCode="));
    await expect(accounts.resetPassword(token, "kisa", w.deps)).rejects.toMatchObject({
      code: "INVALID",
      message: messages.auth.passwordRule,
    });
    await accounts.resetPassword(token, "Yeni-Sifre-456", w.deps);
    await expect(accounts.login(email, "Yeni-Sifre-456", w.deps)).resolves.toMatchObject({ email });
    await expect(accounts.resetPassword(token, "Baska-Sifre-789", w.deps)).rejects.toMatchObject({
      code: "INVALID",
      message: messages.auth.resetLinkInvalid,
    });
  });

  it("e-mail confirmation: only for the account's own address, mailed once, applied by the link", async () => {
    const w = world();
    const { uid, email } = await member(w);
    await w.deps.auth.updateUser(uid, { emailVerified: false });
    await expect(
      accounts.sendEmailConfirmation(uid, { email: uniqueEmail() }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "INVALID", message: messages.auth.emailConfirmationMismatch });
    expect(
      await accounts.sendEmailConfirmation(uid, { email, redirectUrl: "/profil" }, w.now(), w.deps),
    ).toBe("SENT");
    const [mail] = await w.mail.sent();
    const link = new URL(/(https?:\/\/\S+)/.exec(mail!.text)![1]!);
    expect(link.searchParams.get("continueUrl")).toBe("/profil");
    expect(await accounts.verifyEmail("bozuk-kod", w.deps)).toBe(false);
    expect(await accounts.verifyEmail(link.searchParams.get("token")!, w.deps)).toBe(true);
    expect((await w.deps.auth.getUser(uid)).emailVerified).toBe(true);
    expect(await accounts.sendEmailConfirmation(uid, { email }, w.now(), w.deps)).toBe(
      "ALREADY_VERIFIED",
    );
    expect(await w.mail.sent()).toHaveLength(1);
  });
});
