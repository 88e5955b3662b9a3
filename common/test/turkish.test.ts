import { describe, expect, it } from "vitest";
import {
  MAX_SEARCH_LENGTH,
  buildSearchKeys,
  nameSortKey,
  searchKeyForQuery,
  slugifyName,
  toTitleCaseTr,
} from "../src/index.js";

describe("toTitleCaseTr", () => {
  it("capitalises each word with Turkish casing rules", () => {
    expect(toTitleCaseTr("ayşe ılgın YILMAZ")).toBe("Ayşe Ilgın Yılmaz");
    expect(toTitleCaseTr("  işık   inal ")).toBe("İşık İnal");
    expect(toTitleCaseTr("ÇAĞRI ÖZGÜR")).toBe("Çağrı Özgür");
  });
});

describe("slugifyName", () => {
  it("lower-cases, transliterates Turkish letters and joins words with hyphens", () => {
    expect(slugifyName("Çağrı Işık")).toBe("cagri-isik");
    expect(slugifyName("Şule Gündoğdu")).toBe("sule-gundogdu");
    expect(slugifyName("İpek Öztürk")).toBe("ipek-ozturk");
  });

  it("drops characters that cannot appear in a URL segment", () => {
    expect(slugifyName("Ali (Dev) O'Neil")).toBe("ali-dev-oneil");
    expect(slugifyName("  Zeynep  ")).toBe("zeynep");
  });
});

describe("search keys", () => {
  it("contain every substring of name and position, Turkish lower-cased", () => {
    const keys = buildSearchKeys("Işıl Demir", "Frontend Developer");
    expect(keys).toContain("ışıl demir");
    expect(keys).toContain("şıl");
    expect(keys).toContain("demir");
    expect(keys).toContain("developer");
    expect(keys).toContain("end dev");
    expect(keys).not.toContain("Işıl");
  });

  it("map a query to the same normalised key", () => {
    expect(searchKeyForQuery("  IŞIL  ")).toBe("ışıl");
    expect(searchKeyForQuery("İPEK")).toBe("ipek");
    expect(buildSearchKeys("İpek")).toContain(searchKeyForQuery("İPEK"));
  });

  it("are capped in length so documents stay small", () => {
    const keys = buildSearchKeys("a".repeat(60));
    expect(Math.max(...keys.map((k) => k.length))).toBe(MAX_SEARCH_LENGTH);
    expect(searchKeyForQuery("b".repeat(40))).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe("nameSortKey", () => {
  const sorted = (names: string[]) =>
    [...names].sort((a, b) => {
      // Firestore orders strings by UTF-8 bytes.
      const ka = Buffer.from(nameSortKey(a));
      const kb = Buffer.from(nameSortKey(b));
      return Buffer.compare(ka, kb);
    });

  it("orders names in the Turkish alphabet under byte-wise string ordering", () => {
    expect(sorted(["Deniz", "Çağla", "Cem", "Zeynep", "Ömer", "Oğuz", "Şule", "Selin"])).toEqual([
      "Cem",
      "Çağla",
      "Deniz",
      "Oğuz",
      "Ömer",
      "Selin",
      "Şule",
      "Zeynep",
    ]);
    expect(sorted(["İpek", "Işık", "Hakan", "Jale"])).toEqual(["Hakan", "Işık", "İpek", "Jale"]);
  });

  it("is case-insensitive, keeps word breaks first and drops other accents", () => {
    expect(nameSortKey("AYŞE")).toBe(nameSortKey("ayşe"));
    expect(sorted(["Alim", "Ali Zor"])).toEqual(["Ali Zor", "Alim"]);
    expect(nameSortKey("Âdem")).toBe(nameSortKey("Adem"));
  });
});
