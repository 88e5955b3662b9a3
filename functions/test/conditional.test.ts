import { describe, expect, it } from "vitest";
import { conditionalGet, noneMatchHolds } from "../src/http/conditional.js";

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

describe("conditionalGet", () => {
  function fakeResponse() {
    const headers: Record<string, string> = {};
    const res = {
      statusCode: 200,
      ended: false,
      set(name: string, value: string) {
        headers[name] = value;
        return res;
      },
      status(code: number) {
        res.statusCode = code;
        return { end: () => void (res.ended = true) };
      },
    };
    return { res, headers };
  }
  const policy = { vary: "Authorization", cacheControl: "public, max-age=300" };

  it("answers 304 from the tag alone when the client's copy holds: nothing is loaded", async () => {
    const { res, headers } = fakeResponse();
    let loaded = false;
    const out = await conditionalGet(
      { headers: { "if-none-match": '"v1"' } },
      res as never,
      policy,
      async () => ({ etag: 'W/"v1"', load: async () => ((loaded = true), [1]) }),
    );
    expect(out).toBeUndefined();
    expect(res.statusCode).toBe(304);
    expect(res.ended).toBe(true);
    expect(loaded).toBe(false);
    expect(headers).toEqual({
      Vary: "Authorization",
      "Cache-Control": "public, max-age=300",
      ETag: 'W/"v1"',
    });
  });

  it("gives the data with the tag otherwise, and the caching headers even when reading fails", async () => {
    const { res, headers } = fakeResponse();
    const out = await conditionalGet({ headers: {} }, res as never, policy, async () => ({
      etag: '"v2"',
      load: async () => ["a"],
    }));
    expect(out).toEqual({ data: ["a"] });
    expect(headers.ETag).toBe('"v2"');

    const failing = fakeResponse();
    await expect(
      conditionalGet({ headers: {} }, failing.res as never, policy, async () => {
        throw new Error("down");
      }),
    ).rejects.toThrow("down");
    expect(failing.headers).toEqual({
      Vary: "Authorization",
      "Cache-Control": "public, max-age=300",
    });
  });
});
