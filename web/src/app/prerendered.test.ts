import { describe, expect, it } from "vitest";
import { isPrerenderedFor } from "./prerendered";

const documentFor = (path: string | null) => ({
  body: { getAttribute: (name: string) => (name === "data-prerendered" ? path : null) },
});

describe("isPrerenderedFor", () => {
  it("hydrates the path the build rendered, without a query", () => {
    expect(isPrerenderedFor(documentFor("/kvkk") as never, { pathname: "/kvkk", search: "" })).toBe(
      true,
    );
  });

  it("renders afresh for another path, a query, or the unrendered shell", () => {
    expect(isPrerenderedFor(documentFor("/") as never, { pathname: "/kvkk", search: "" })).toBe(
      false,
    );
    expect(
      isPrerenderedFor(documentFor("/kvkk") as never, {
        pathname: "/kvkk",
        search: "?fromFooter=true",
      }),
    ).toBe(false);
    expect(isPrerenderedFor(documentFor(null) as never, { pathname: "/", search: "" })).toBe(false);
  });
});
