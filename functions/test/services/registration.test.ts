import { describe, expect, it } from "vitest";
import { messages, paths, registrationKey } from "@platform/common";
import * as registration from "../../src/services/registration.js";
import { serviceWorlds, uniqueEmail, type ServiceWorld } from "./harness.js";

const world = serviceWorlds();
const PASSWORD = "Gizli-Sifre-123";

async function codeOf(w: ServiceWorld, email: string): Promise<string> {
  const mail = (await w.mail.sent()).filter((m) => m.to === email).at(-1)!;
  return /(\d{6})/.exec(mail.text)![1]!;
}

async function throughStep2(w: ServiceWorld, email: string) {
  await registration.registerStep1(
    { name: "Ayşe Yılmaz", email, password: PASSWORD },
    w.now(),
    w.deps,
  );
  const code = await codeOf(w, email);
  return registration.registerStep2({ email, verificationCode: code }, w.now(), w.deps);
}

describe("registration service", () => {
  it("step 1 creates an unverified account, its documents and mails a code", async () => {
    const w = world();
    const email = uniqueEmail();
    const out = await registration.registerStep1(
      { name: "Ayşe Yılmaz", email, password: PASSWORD },
      w.now(),
      w.deps,
    );
    expect(out).toEqual({
      created: true,
      sent: { email, codeExpiresInSeconds: 600, resendAfterSeconds: 60 },
    });
    const user = await w.deps.auth.getUserByEmail(email);
    expect(user.emailVerified).toBe(false);
    expect((await w.db.doc(paths.user(user.uid)).get()).data()).toMatchObject({
      name: "Ayşe Yılmaz",
      profileComplete: false,
    });
    const reg = (await w.db.doc(`${paths.registrations}/${registrationKey(email)}`).get()).data()!;
    expect(reg).toMatchObject({ uid: user.uid, attempts: 0, verified: false });
    expect(reg.codeExpiresAt.toDate()).toEqual(new Date(w.now().getTime() + 600_000));
    const sent = await w.mail.sent();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: email, subject: "E-posta onay kodunuz" });
  });

  it("a restart within the minute is refused; after it the old account is replaced", async () => {
    const w = world();
    const email = uniqueEmail();
    const input = { name: "Ayşe Yılmaz", email, password: PASSWORD };
    await registration.registerStep1(input, w.now(), w.deps);
    const first = await w.deps.auth.getUserByEmail(email);
    w.clock.advance(30_000);
    await expect(registration.registerStep1(input, w.now(), w.deps)).rejects.toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message: messages.auth.codeResendWait(30),
      extra: { retryAfter: 30 },
    });
    expect(await w.mail.sent()).toHaveLength(1);
    w.clock.advance(30_000);
    const again = await registration.registerStep1(input, w.now(), w.deps);
    expect(again.created).toBe(false);
    const second = await w.deps.auth.getUserByEmail(email);
    expect(second.uid).not.toBe(first.uid);
    expect((await w.db.doc(paths.user(first.uid)).get()).exists).toBe(false);
    expect(await w.mail.sent()).toHaveLength(2);
  });

  it("step 2 counts wrong codes, ends after five and refuses an expired code", async () => {
    const w = world();
    const email = uniqueEmail();
    await registration.registerStep1(
      { name: "Ali Veli", email, password: PASSWORD },
      w.now(),
      w.deps,
    );
    const code = await codeOf(w, email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      await expect(
        registration.registerStep2({ email, verificationCode: wrong }, w.now(), w.deps),
      ).rejects.toMatchObject({ code: "INVALID", message: messages.auth.codeInvalid });
    }
    await expect(
      registration.registerStep2({ email, verificationCode: wrong }, w.now(), w.deps),
    ).rejects.toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message: messages.auth.codeTooManyAttempts,
    });
    // Even the right code no longer helps.
    await expect(
      registration.registerStep2({ email, verificationCode: code }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });

    const late = uniqueEmail();
    await registration.registerStep1(
      { name: "Ali Veli", email: late, password: PASSWORD },
      w.now(),
      w.deps,
    );
    const lateCode = await codeOf(w, late);
    w.clock.advance(600_001);
    await expect(
      registration.registerStep2({ email: late, verificationCode: lateCode }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "EXPIRED", message: messages.auth.codeExpired });
    await expect(
      registration.registerStep2(
        { email: uniqueEmail(), verificationCode: lateCode },
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: messages.auth.registrationNotFound });
  });

  it("step 2 proves the address and locks it; step 3 needs the token and finishes once", async () => {
    const w = world();
    const email = uniqueEmail();
    const proven = await throughStep2(w, email);
    expect(proven).toMatchObject({ email, verified: true });
    const user = await w.deps.auth.getUserByEmail(email);
    expect(user.emailVerified).toBe(true);
    // A proven, open registration cannot be started over.
    w.clock.advance(120_000);
    await expect(
      registration.registerStep1({ name: "Başkası", email, password: PASSWORD }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "CONFLICT", message: messages.auth.registrationLocked });

    const step3 = {
      email,
      type: "JUNIOR" as const,
      position: "Frontend Developer",
      skills: [{ name: "React" }],
    };
    await expect(
      registration.registerStep3({ ...step3, registrationToken: "yanlis" }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: messages.auth.registrationTokenInvalid });
    expect((await w.db.doc(paths.user(user.uid)).get()).data()?.profileComplete).toBe(false);

    const done = await registration.registerStep3(
      { ...step3, registrationToken: proven.registrationToken },
      w.now(),
      w.deps,
    );
    expect(done).toMatchObject({ userId: user.uid, type: "JUNIOR", name: "Ayşe Yılmaz" });
    expect(done.customToken.length).toBeGreaterThan(20);
    const details = (await w.db.doc(paths.userDetails(user.uid)).get()).data()!;
    expect(details.consents.acceptedAt.toDate()).toEqual(w.now());
    await expect(
      registration.registerStep3(
        { ...step3, registrationToken: proven.registrationToken },
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: messages.auth.registrationAlreadyComplete,
    });
    await expect(
      registration.registerStep1({ name: "Başkası", email, password: PASSWORD }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "CONFLICT", message: messages.auth.emailInUse });
  });

  it("step 3 refuses a position missing from the admin's list before reading anything else", async () => {
    const w = world();
    const email = uniqueEmail();
    const proven = await throughStep2(w, email);
    await w.db.doc(paths.lookup("positionNames")).set({ names: ["Backend Developer"] });
    await expect(
      registration.registerStep3(
        {
          email,
          registrationToken: proven.registrationToken,
          type: "JUNIOR",
          position: "Uzay Pilotu",
          skills: [],
        },
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "INVALID", message: messages.users.positionUnknown });
  });

  it("a short password is refused by Auth and leaves nothing behind", async () => {
    const w = world();
    const email = uniqueEmail();
    await expect(
      registration.registerStep1({ name: "Ali Veli", email, password: "123" }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "INVALID", message: messages.auth.passwordMinLength });
    expect(await registration.authUserByEmail(email, w.deps)).toBeNull();
    expect(await w.mail.sent()).toEqual([]);
  });
});
