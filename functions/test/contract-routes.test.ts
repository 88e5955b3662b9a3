/**
 * The app serves the contract, all of it and nothing else: every route under `/api` is a
 * contract endpoint (so none escapes the suites that iterate over the contract), registered in
 * the contract's order (overlapping paths such as `/users/me/export` and `/users/:id` need it).
 */
import { describe, expect, it } from "vitest";
import { endpointName, endpoints } from "@platform/common/api";
import { createApp } from "../src/http/app.js";

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  matchers?: unknown[];
}

function apiRoutes(): string[] {
  const app = createApp() as unknown as { router: { stack: Layer[] } };
  const out: string[] = [];
  for (const layer of app.router.stack) {
    for (const inner of layer.handle.stack ?? []) {
      if (!inner.route) continue;
      for (const method of Object.keys(inner.route.methods)) {
        out.push(`${method.toUpperCase()} ${inner.route.path}`);
      }
    }
  }
  return out;
}

describe("routes from the contract", () => {
  it("registers every contract endpoint once, in the contract's order", () => {
    expect(apiRoutes()).toEqual(endpoints.map(endpointName));
  });
});
