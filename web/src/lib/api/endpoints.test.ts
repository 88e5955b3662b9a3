import { describe, expect, it } from "vitest";
import { contract as full } from "@platform/common/api";
import { contract } from "./endpoints";

type Entry = { method?: string; path?: string } | Record<string, { method: string; path: string }>;

/** "GET /users/:id" for every endpoint of a contract-shaped object, by its key path. */
function table(c: Record<string, Entry>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(c)) {
    if ("method" in entry && typeof entry.method === "string") {
      out[key] = `${entry.method} ${String(entry.path)}`;
      continue;
    }
    for (const [name, e] of Object.entries(entry as Record<string, { method: string; path: string }>)) {
      out[`${key}.${name}`] = `${e.method} ${e.path}`;
    }
  }
  return out;
}

describe("the web's view of the contract", () => {
  it("has every endpoint of the contract, with its method and path", () => {
    const web = table(contract as unknown as Record<string, Entry>);
    const expected = table(full as unknown as Record<string, Entry>);
    expect(Object.keys(expected).length).toBeGreaterThan(40);
    expect(web).toEqual(expected);
  });
});
