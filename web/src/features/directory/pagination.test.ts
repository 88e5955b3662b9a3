import { describe, expect, it } from "vitest";
import { pageCount, paginationWindow, parsePageParam, planPageFetch } from "./pagination";

describe("page count", () => {
  it("is at least one page and rounds up", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(21, 10)).toBe(3);
  });
});

describe("page query parameter", () => {
  it("reads positive integers and falls back to 1", () => {
    expect(parsePageParam("3")).toBe(3);
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam("")).toBe(1);
    expect(parsePageParam("0")).toBe(1);
    expect(parsePageParam("-2")).toBe(1);
    expect(parsePageParam("2.5")).toBe(1);
    expect(parsePageParam("abc")).toBe(1);
  });
});

describe("pagination window", () => {
  it("shows three pages centred on the current one", () => {
    expect(paginationWindow(5, 10)).toEqual([4, 5, 6]);
  });

  it("sticks to the edges", () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3]);
    expect(paginationWindow(10, 10)).toEqual([8, 9, 10]);
    expect(paginationWindow(9, 10)).toEqual([8, 9, 10]);
  });

  it("shows fewer buttons when there are fewer pages", () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(2, 2)).toEqual([1, 2]);
    expect(paginationWindow(1, 0)).toEqual([1]);
  });

  it("clamps a page beyond the end", () => {
    expect(paginationWindow(40, 4)).toEqual([2, 3, 4]);
  });
});

describe("page fetch plan", () => {
  it("reads the first page from the start", () => {
    expect(planPageFetch(1, 20, 95, [])).toEqual({
      kind: "after",
      anchorPage: 0,
      skip: 0,
      take: 20,
    });
  });

  it("continues after the nearest page already read", () => {
    expect(planPageFetch(2, 20, 95, [1])).toEqual({
      kind: "after",
      anchorPage: 1,
      skip: 0,
      take: 20,
    });
    expect(planPageFetch(4, 20, 200, [1, 2])).toEqual({
      kind: "after",
      anchorPage: 2,
      skip: 20,
      take: 40,
    });
    // Anchors at or after the page are of no use.
    expect(planPageFetch(3, 20, 200, [3, 7])).toEqual({
      kind: "after",
      anchorPage: 0,
      skip: 40,
      take: 60,
    });
  });

  it("reads the last page from the end, keeping only its own documents", () => {
    // 95 people, 20 a page: page 5 holds 15.
    expect(planPageFetch(5, 20, 95, [1])).toEqual({ kind: "fromEnd", take: 15, keep: 15 });
    // Page 4 of 95: 35 from the end, the first 20 of them (reversed) are the page.
    expect(planPageFetch(4, 20, 95, [1])).toEqual({ kind: "fromEnd", take: 35, keep: 20 });
  });

  it("prefers the cheaper direction", () => {
    // From page 1 to page 3 of 10: forward reads 40, backward would read 160.
    expect(planPageFetch(3, 20, 200, [1]).kind).toBe("after");
    // Deep link to page 9 of 10: backward reads 40, forward 180.
    expect(planPageFetch(9, 20, 200, [])).toEqual({ kind: "fromEnd", take: 40, keep: 20 });
  });
});
