import { describe, expect, it } from "vitest";
import { site, socialLinksFrom } from "./site";

describe("site identity", () => {
  it("has honest defaults without configuration: the demo name and address, no social pages", () => {
    expect(site.name).toBe("Platform");
    expect(site.contactEmail).toBe("iletisim@example.com");
    expect(site.socialLinks).toEqual([]);
  });

  it("shows only the social pages that are configured with an https address", () => {
    expect(
      socialLinksFrom({
        linkedin: " https://www.linkedin.com/company/ornek ",
        instagram: "",
        github: "http://github.com/ornek",
      }),
    ).toEqual([{ label: "LinkedIn", href: "https://www.linkedin.com/company/ornek" }]);
    expect(
      socialLinksFrom({
        linkedin: "https://linkedin.com/company/a",
        instagram: "https://instagram.com/a",
        github: "https://github.com/a",
      }).map((l) => l.label),
    ).toEqual(["LinkedIn", "Instagram", "GitHub"]);
  });
});
