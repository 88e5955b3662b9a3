import { describe, expect, it } from "vitest";
import {
  clampPercentage,
  newPositionFrom,
  positionChoices,
  projectChanges,
  savePlan,
  typePrefix,
} from "./rules";

const original = { title: "Gönüllü Bul", definition: "Tanım", completed_percentage: 40 };

describe("project edit rules", () => {
  it("prefixes Jr or Sr and offers every name with each", () => {
    expect(typePrefix("JUNIOR")).toBe("Jr");
    expect(typePrefix("Sr")).toBe("Sr");
    expect(positionChoices(["Tester"])).toEqual([
      { value: "Jr|Tester", label: "Jr Tester" },
      { value: "Sr|Tester", label: "Sr Tester" },
    ]);
  });

  it("the modal adds only with a position name chosen", () => {
    expect(newPositionFrom(null, ["React"])).toBeNull();
    expect(newPositionFrom("Xx|Tester", [])).toBeNull();
    expect(newPositionFrom("Sr|Backend Developer", ["Node.js", "Node.js"])).toEqual({
      positionName: "Backend Developer",
      expectations: ["Node.js"],
      positionType: "Sr",
    });
  });

  it("completion stays within 0–100", () => {
    expect(clampPercentage(-5)).toBe(0);
    expect(clampPercentage(140)).toBe(100);
    expect(clampPercentage(55.4)).toBe(55);
    expect(clampPercentage(Number.NaN)).toBe(0);
  });

  it("sends only what changed", () => {
    expect(projectChanges(original, { ...original })).toEqual({});
    expect(
      projectChanges(original, {
        title: " Yeni Ad ",
        definition: "Tanım",
        completed_percentage: 60,
      }),
    ).toEqual({ title: "Yeni Ad", completed_percentage: 60 });
  });

  it("'Kaydedilecek veri bulunamadı' with no change and no new position", () => {
    expect(savePlan(original, { ...original }, [])).toEqual({
      ok: false,
      message: "Kaydedilecek veri bulunamadı",
    });
    const position = { positionName: "Tester", expectations: [], positionType: "Jr" as const };
    expect(savePlan(original, { ...original }, [position])).toEqual({
      ok: true,
      update: null,
      positions: [position],
    });
    expect(savePlan(original, { ...original, completed_percentage: 50 }, [])).toEqual({
      ok: true,
      update: { completed_percentage: 50 },
      positions: [],
    });
  });
});
