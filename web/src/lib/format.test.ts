import { describe, expect, it } from "vitest";
import { formatAddress, formatAverage, skillAverageRows } from "./format";

describe("shared display formats", () => {
  it("shows an address as 'Şehir, Ülke' everywhere", () => {
    expect(formatAddress("Almanya - Berlin")).toBe("Berlin, Almanya");
    expect(formatAddress("")).toBe("");
  });

  it("shows averages with one decimal on the 1–5 scale", () => {
    expect(formatAverage(4.25)).toBe("4.3 / 5");
    expect(formatAverage(3)).toBe("3.0 / 5");
  });

  it("lists the per-skill averages by skill name", () => {
    expect(skillAverageRows({ TypeScript: 3.5, React: 4 })).toEqual([
      { skill: "React", average: "4.0 / 5" },
      { skill: "TypeScript", average: "3.5 / 5" },
    ]);
    expect(skillAverageRows({})).toEqual([]);
    expect(skillAverageRows(undefined)).toEqual([]);
  });
});
