import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { messages } from "../src/index.js";
import { apiPath, contract, endpointName, endpoints, pathOf, routes } from "../src/api/index.js";

const firstMessage = (schema: z.core.$ZodType, input: unknown) => {
  const r = z.safeParse(schema, input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe("the /api contract", () => {
  it("declares every method and path once", () => {
    const names = endpoints.map(endpointName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(46);
  });

  it("has a params schema exactly where the path has parameters, naming the same keys", () => {
    for (const e of endpoints) {
      const inPath = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const shape = (e.params as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def
        ?.shape;
      expect(Object.keys(shape ?? {}).sort(), endpointName(e)).toEqual(inPath);
    }
  });

  it("takes every method and path from routes, the module a client may import alone", () => {
    const fromRoutes = Object.values(routes).flatMap((r) =>
      "method" in r ? [r] : Object.values(r),
    );
    expect(fromRoutes.map(endpointName).sort()).toEqual(endpoints.map(endpointName).sort());
    expect(contract.users.byId.path).toBe(routes.users.byId.path);
  });

  it("reads bodies only on methods that carry one", () => {
    for (const e of endpoints) {
      if (e.method === "GET") expect(e.body, endpointName(e)).toBeUndefined();
    }
  });

  it("fills and encodes path parameters", () => {
    expect(pathOf(contract.users.byId, { id: "abc" })).toBe("/users/abc");
    expect(apiPath(contract.positions.apply, { positionId: "a/b" })).toBe(
      "/api/positions/a%2Fb/apply",
    );
    expect(apiPath(contract.projects.list)).toBe("/api/projects");
    expect(() => pathOf(contract.users.byId, {} as { id: string })).toThrow();
  });
});

describe("contract schemas", () => {
  it("refuse with the Turkish texts of messages.ts", () => {
    const step1 = contract.auth.registerStep1.body;
    expect(firstMessage(step1, { name: "ali veli", email: "x", password: "Parola123" })).toBe(
      messages.auth.emailInvalid,
    );
    expect(firstMessage(step1, { name: "a", email: "a@b.co", password: "Parola123" })).toBe(
      messages.users.nameRequired,
    );
    expect(
      firstMessage(step1, { name: "Ali Veli", email: "a@b.co", password: "x".repeat(129) }),
    ).toBe(messages.auth.passwordMaxLength);
    const reset = contract.auth.resetPassword.body;
    expect(firstMessage(reset, { token: "t", newPassword: "x".repeat(129) })).toBe(
      messages.auth.passwordRule,
    );
    expect(firstMessage(contract.users.byId.params, { id: "__proto__" })).toBe(
      messages.users.invalidId,
    );
    expect(firstMessage(contract.notifications.list.query, { limit: "300" })).toBe(
      messages.notifications.limitTooLarge,
    );
  });

  it("give the handlers normalised values", () => {
    const r = z.parse(contract.auth.registerStep1.body, {
      name: "  ışıl   çağlar ",
      email: " Isil@Ornek.COM ",
      password: "Parola123",
    });
    expect(r).toEqual({ name: "Işıl Çağlar", email: "isil@ornek.com", password: "Parola123" });
    expect(z.parse(contract.users.listByType.query, { limit: "500" })).toEqual({
      page: 1,
      limit: 100,
      search: "",
    });
    expect(
      z.parse(contract.positions.add.body, {
        projectId: "p1",
        positions: [{ positionName: { name: " Tester " }, positionType: "jr" }],
      }),
    ).toEqual({
      projectId: "p1",
      positions: [{ positionName: "Tester", expectations: [], positionType: "JUNIOR" }],
    });
  });
});
