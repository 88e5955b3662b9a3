import { describe, expect, it } from "vitest";
import { noneMatchHolds } from "../src/http/conditional.js";

describe("noneMatchHolds", () => {
  const etag = 'W/"abc"';

  it("holds for the current tag, weak or strong, alone or in a list, and for *", () => {
    for (const header of ['W/"abc"', '"abc"', ' "x", W/"abc" ', "*"]) {
      expect(noneMatchHolds(header, etag), header).toBe(true);
    }
  });

  it("does not hold without the header or for other tags", () => {
    for (const header of [undefined, "", '"abcd"', 'W/"ab"', "abc"]) {
      expect(noneMatchHolds(header, etag), String(header)).toBe(false);
    }
  });
});
