import { describe, expect, it } from "vitest";
import { formatEffectiveDate, parseLegalQuery, showsEffectiveDate } from "./model";

describe("effective date", () => {
  it("is today's Istanbul date as DD/MM/YYYY with two-digit day and month", () => {
    expect(formatEffectiveDate(new Date("2026-03-05T09:00:00Z"))).toBe("05/03/2026");
    expect(formatEffectiveDate(new Date("2026-11-22T12:00:00Z"))).toBe("22/11/2026");
  });

  it("follows the Istanbul calendar day (UTC+3)", () => {
    expect(formatEffectiveDate(new Date("2026-12-31T21:30:00Z"))).toBe("01/01/2027");
    expect(formatEffectiveDate(new Date("2026-12-31T20:59:00Z"))).toBe("31/12/2026");
  });
});

describe("legal page query", () => {
  it("reads fromFooter, showDate, name and email", () => {
    const q = parseLegalQuery(
      new URLSearchParams(
        "fromFooter=true&name=Ay%C5%9Fe%20Y%C4%B1lmaz&email=a%40example.com&showDate=true",
      ),
    );
    expect(q).toEqual({
      fromFooter: true,
      showDate: true,
      name: "Ayşe Yılmaz",
      email: "a@example.com",
    });
  });

  it("defaults to no flags and no person", () => {
    expect(parseLegalQuery(new URLSearchParams(""))).toEqual({
      fromFooter: false,
      showDate: false,
      name: null,
      email: null,
    });
    expect(parseLegalQuery(new URLSearchParams("fromFooter=1&name=%20")).fromFooter).toBe(false);
  });

  it("hides the date line only when opened from the footer", () => {
    const base = { name: null, email: null };
    expect(showsEffectiveDate({ ...base, fromFooter: false, showDate: false })).toBe(true);
    expect(showsEffectiveDate({ ...base, fromFooter: true, showDate: false })).toBe(false);
    expect(showsEffectiveDate({ ...base, fromFooter: false, showDate: true })).toBe(true);
  });
});
