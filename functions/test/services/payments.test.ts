import { describe, expect, it } from "vitest";
import { messages, paths } from "@platform/common";
import * as payments from "../../src/services/payments.js";
import { addUser } from "../jobs/fixtures.js";
import { serviceWorlds } from "./harness.js";

const world = serviceWorlds();
const VALID_IBAN = "TR330006100519786457841326";

describe("payments service", () => {
  it("saves a valid IBAN (spaced input too) and reads it back only masked", async () => {
    const w = world();
    await addUser(w.db, "u1");
    expect(await payments.getPaymentInfo("u1", w.deps)).toEqual({ hasIban: false, ibanMasked: "" });
    const saved = await payments.saveIban("u1", "TR33 0006 1005 1978 6457 8413 26", w.deps);
    expect(saved.hasIban).toBe(true);
    expect(saved.ibanMasked).not.toContain("0006100519786457");
    expect((await w.db.doc(paths.userDetails("u1")).get()).data()?.iban).toBe(VALID_IBAN);
    expect(await payments.getPaymentInfo("u1", w.deps)).toEqual(saved);
  });

  it("refuses a bad IBAN or an unknown member and changes nothing", async () => {
    const w = world();
    await addUser(w.db, "u1", {}, { iban: VALID_IBAN });
    await expect(
      payments.saveIban("u1", "TR330006100519786457841327", w.deps),
    ).rejects.toMatchObject({
      code: "INVALID",
    });
    await expect(payments.saveIban("u1", 42, w.deps)).rejects.toMatchObject({ code: "INVALID" });
    expect((await w.db.doc(paths.userDetails("u1")).get()).data()?.iban).toBe(VALID_IBAN);
    await expect(payments.saveIban("nobody", VALID_IBAN, w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.users.notFound,
    });
    expect((await w.db.doc(paths.userDetails("nobody")).get()).exists).toBe(false);
  });

  it("lists the member's statements, newest period first", async () => {
    const w = world();
    const statement = (userId: string, period: string, amountKurus: number) =>
      w.db.doc(`payouts/${period}/statements/${userId}`).set({
        userId,
        period,
        days: 20,
        share: 0.5,
        amount: amountKurus / 100,
        amountKurus,
        status: "PAYABLE",
        computedAt: new Date("2026-03-01T00:00:00Z"),
      });
    await statement("u1", "2026-01", 12_345);
    await statement("u1", "2026-02", 500);
    await statement("u2", "2026-02", 999);
    const list = await payments.statements("u1", w.deps);
    expect(list.map((s) => [s.period, s.amountKurus, s.status])).toEqual([
      ["2026-02", 500, "PAYABLE"],
      ["2026-01", 12_345, "PAYABLE"],
    ]);
  });
});
