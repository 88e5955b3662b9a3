import { describe, expect, it } from "vitest";
import { canEndMentorship, canSeeEmail, formatAddress, formatBirthDate } from "./format";

const member = (type: string, id: string | null, title: string | null) => ({
  type,
  currentProjectId: id,
  currentProjectTitle: title,
});

describe("profile formatting", () => {
  it("shows the address as city, country", () => {
    expect(formatAddress("Türkiye - İstanbul")).toBe("İstanbul, Türkiye");
    expect(formatAddress("Türkiye")).toBe("Türkiye");
    expect(formatAddress("")).toBe("");
    expect(formatAddress(null)).toBe("");
  });

  it("shows the birth date as DD/MM/YYYY", () => {
    expect(formatBirthDate("1999-03-07")).toBe("07/03/1999");
    expect(formatBirthDate("")).toBe("");
  });
});

describe("e-mail visibility", () => {
  it("needs the viewer in the same project", () => {
    expect(canSeeEmail(member("JUNIOR", "p1", "A"), member("SENIOR", "p1", "A"))).toBe(true);
    expect(canSeeEmail(member("JUNIOR", "p1", "A"), member("SENIOR", "p2", "B"))).toBe(false);
    expect(canSeeEmail(member("JUNIOR", null, null), member("SENIOR", null, null))).toBe(false);
    expect(canSeeEmail(null, member("SENIOR", "p1", "A"))).toBe(false);
  });
});

describe("'Mentörle Çalışmayı Sonlandır' visibility", () => {
  it("is for a Junior on the page of the Senior of their project", () => {
    expect(
      canEndMentorship(member("JUNIOR", "p1", "Kampüs"), member("SENIOR", "p1", "Kampüs")),
    ).toBe(true);
  });

  it("is matched by project title", () => {
    expect(
      canEndMentorship(member("JUNIOR", "p1", "Kampüs"), member("SENIOR", "p9", "Kampüs")),
    ).toBe(true);
    expect(
      canEndMentorship(member("JUNIOR", "p1", "Kampüs"), member("SENIOR", "p1", "Başka")),
    ).toBe(false);
  });

  it("is hidden for Seniors, on Junior pages, for visitors and outside a project", () => {
    expect(canEndMentorship(member("SENIOR", "p1", "K"), member("SENIOR", "p1", "K"))).toBe(false);
    expect(canEndMentorship(member("JUNIOR", "p1", "K"), member("JUNIOR", "p1", "K"))).toBe(false);
    expect(canEndMentorship(null, member("SENIOR", "p1", "K"))).toBe(false);
    expect(canEndMentorship(member("JUNIOR", null, null), member("SENIOR", null, null))).toBe(
      false,
    );
  });
});
