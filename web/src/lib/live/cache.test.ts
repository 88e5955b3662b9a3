import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { answeredBefore } from "./cache";

describe("answeredBefore", () => {
  it("is true only for an answer under one of the keys read before the listener started", () => {
    const client = new QueryClient();
    client.setQueryData(["votes", "pending", "list"], [], { updatedAt: 1_000 });
    client.setQueryData(["notifications", "api-list"], [], { updatedAt: 5_000 });
    expect(answeredBefore(client, [["votes", "pending"]], 2_000)).toBe(true);
    expect(answeredBefore(client, [["votes", "pending"]], 1_000)).toBe(false);
    expect(answeredBefore(client, [["notifications", "api-list"]], 2_000)).toBe(false);
    expect(answeredBefore(client, [["projects"]], 9_000)).toBe(false);
    expect(
      answeredBefore(client, [["projects"], ["notifications", "api-list"]], 9_000),
    ).toBe(true);
  });
});
