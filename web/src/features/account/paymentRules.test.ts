import { describe, expect, it } from "vitest";
import { formatKurus, formatShare, periodLabel, statementHint } from "./paymentRules";

describe("earnings section", () => {
  it("names the month in Turkish", () => {
    expect(periodLabel("2026-11")).toBe("Kasım 2026");
    expect(periodLabel("2027-01")).toBe("Ocak 2027");
    expect(periodLabel("2027-13")).toBe("2027-13");
  });

  it("writes kuruş as lira the tr-TR way", () => {
    expect(formatKurus(257_143)).toBe("₺2.571,43");
    expect(formatKurus(0)).toBe("₺0,00");
    expect(formatKurus(123_456_789)).toBe("₺1.234.567,89");
  });

  it("writes the share as a Turkish percentage", () => {
    expect(formatShare(30 / 105)).toBe("%28,57");
    expect(formatShare(1)).toBe("%100");
    expect(formatShare(0)).toBe("%0");
  });

  it("explains a held share and a missing birth date, nothing for a payable one", () => {
    expect(statementHint("HELD_NO_IBAN")).toMatch(/IBAN/);
    expect(statementHint("NO_BIRTH_DATE")).toMatch(/Doğum tarihiniz/);
    expect(statementHint("PAYABLE")).toBeNull();
  });
});
