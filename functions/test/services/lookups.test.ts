import { describe, expect, it } from "vitest";
import { messages, paths } from "@platform/common";
import * as lookups from "../../src/services/lookups.js";
import { serviceWorlds } from "./harness.js";

const world = serviceWorlds();

describe("lookups service", () => {
  it("lists reference data sorted the Turkish way, empty lists when nothing is loaded", async () => {
    const { db, deps } = world();
    expect(await lookups.skills(deps)).toEqual([]);
    expect(await lookups.countries(deps)).toEqual([]);
    await db.doc(paths.lookup("skills")).set({ names: ["React", "Go"] });
    await db.doc(paths.lookup("countries")).set({
      items: [
        { isoCode: "TR", name: "Türkiye" },
        { isoCode: "DE", name: "Almanya" },
      ],
    });
    await db.doc(paths.cities("TR")).set({ names: ["İzmir", "Çanakkale", "Ankara"] });
    expect(await lookups.skills(deps)).toEqual([{ name: "React" }, { name: "Go" }]);
    expect((await lookups.countries(deps)).map((c) => c.isoCode)).toEqual(["DE", "TR"]);
    expect(await lookups.cities("TR", deps)).toEqual([
      { name: "Ankara" },
      { name: "Çanakkale" },
      { name: "İzmir" },
    ]);
    // A known country without a city list has no cities; an unknown one is refused.
    expect(await lookups.cities("DE", deps)).toEqual([]);
    await expect(lookups.cities("XX", deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.lookups.countryNotFound,
    });
  });

  it("checks a profile address against the lists", async () => {
    const { db, deps } = world();
    await db.doc(paths.lookup("countries")).set({ items: [{ isoCode: "TR", name: "Türkiye" }] });
    await db.doc(paths.cities("TR")).set({ names: ["Ankara"] });
    await expect(lookups.assertAddressInLookups("Türkiye - Ankara", deps)).resolves.toBeUndefined();
    await expect(lookups.assertAddressInLookups("Türkiye - Atlantis", deps)).rejects.toMatchObject({
      code: "INVALID",
    });
  });
});
