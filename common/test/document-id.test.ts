import { describe, expect, it } from "vitest";
import { DOCUMENT_ID_MAX_BYTES, isReservedFirestoreName, isValidDocumentId } from "../src/index.js";

describe("Firestore document ids", () => {
  it("accepts auto-ids, Auth uids and any other Unicode Firestore takes", () => {
    for (const id of ["aZ09_-", "x", "kCq3VH1bFv8oTnR5pQw2", "_proto_", "__x", "x__", "kötü id!"]) {
      expect(isValidDocumentId(id)).toBe(true);
    }
  });

  it("refuses the reserved, relative, slashed and empty ids", () => {
    for (const id of ["", ".", "..", "a/b", "/", "__proto__", "__x__", "____", "__a\nb__"]) {
      expect(isValidDocumentId(id)).toBe(false);
    }
  });

  it("counts the 1 500-byte limit in UTF-8 bytes, not characters", () => {
    expect(isValidDocumentId("a".repeat(DOCUMENT_ID_MAX_BYTES))).toBe(true);
    expect(isValidDocumentId("a".repeat(DOCUMENT_ID_MAX_BYTES + 1))).toBe(false);
    expect(isValidDocumentId("ş".repeat(750))).toBe(true);
    expect(isValidDocumentId("ş".repeat(751))).toBe(false);
  });

  it("refuses a lone surrogate, which is not valid UTF-8", () => {
    expect(isValidDocumentId("a\uD800b")).toBe(false);
    expect(isValidDocumentId("a\uD83D\uDE00b")).toBe(true);
  });

  it("reserves __…__ names only when both ends are double underscores", () => {
    expect(isReservedFirestoreName("__name__")).toBe(true);
    expect(isReservedFirestoreName("__")).toBe(false);
    expect(isReservedFirestoreName("_name_")).toBe(false);
  });
});
