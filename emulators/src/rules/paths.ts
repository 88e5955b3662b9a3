/** Matching request paths against `match` patterns. */
import type { PatternSegment } from "./ast.js";
import { RPath, type RValue } from "./values.js";

export interface PatternMatch {
  /** Wildcard values: a string for `{x}`, a path for `{x=**}`. */
  bindings: Map<string, RValue>;
  /** Index just past the last segment the pattern consumed. */
  end: number;
}

/**
 * Every way `pattern` can consume a prefix of `segments[start..]`. Only a recursive wildcard
 * makes more than one way possible: it takes zero or more segments in rules_version '2' and one
 * or more in '1'.
 */
export function matchPattern(
  pattern: readonly PatternSegment[],
  segments: readonly string[],
  start: number,
  version: "1" | "2",
): PatternMatch[] {
  const results: PatternMatch[] = [];
  const step = (pi: number, si: number, bindings: Map<string, RValue>): void => {
    if (pi === pattern.length) {
      results.push({ bindings, end: si });
      return;
    }
    const seg = pattern[pi]!;
    if (seg.kind === "recursive") {
      const min = version === "2" ? 0 : 1;
      for (let take = min; si + take <= segments.length; take++) {
        const next = new Map(bindings);
        next.set(seg.name, new RPath(segments.slice(si, si + take)));
        step(pi + 1, si + take, next);
      }
      return;
    }
    if (si >= segments.length) return;
    const text = segments[si]!;
    if (seg.kind === "literal") {
      if (seg.text === text) step(pi + 1, si + 1, bindings);
      return;
    }
    const next = new Map(bindings);
    next.set(seg.name, text);
    step(pi + 1, si + 1, next);
  };
  step(0, start, new Map());
  return results;
}

/** "users/u1/" → ["users", "u1"]: empty segments (leading, trailing, doubled slashes) are dropped. */
export function splitPath(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}
