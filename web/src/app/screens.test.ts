import { describe, expect, it } from "vitest";
import {
  accountPath,
  directoryPath,
  fillPath,
  profilePath,
  projectEditPath,
  screens,
} from "./screens";

describe("screen addresses", () => {
  it("fill every parameter of a pattern, URI-encoded", () => {
    expect(fillPath("/a/:first/b/:second", { first: "x y", second: "ç/ğ" })).toBe(
      "/a/x%20y/b/%C3%A7%2F%C4%9F",
    );
    expect(() => fillPath("/a/:first", {})).toThrow(/first/);
  });

  it("build each parameterised screen from its own pattern", () => {
    expect(profilePath("JUNIOR", "ece")).toBe(screens.juniorProfile.replace(":userName", "ece"));
    expect(profilePath("SENIOR", "ece")).toBe(screens.seniorProfile.replace(":userName", "ece"));
    expect(accountPath("elif-yildiz")).toBe(screens.account.replace(":nameSlug", "elif-yildiz"));
    expect(accountPath("elif-yildiz", "kazanclarim")).toBe(
      `${accountPath("elif-yildiz")}#kazanclarim`,
    );
    expect(projectEditPath("p1")).toBe(screens.projectEdit.replace(":projectId", "p1"));
    expect(directoryPath("JUNIOR")).toBe(screens.juniors);
    expect(directoryPath("SENIOR")).toBe(screens.seniors);
  });

  it("keep the edit page under the projects screen and every address unique", () => {
    expect(screens.projectEdit.startsWith(`${screens.projects}/`)).toBe(true);
    const all = Object.values(screens);
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path.startsWith("/")).toBe(true);
  });
});
