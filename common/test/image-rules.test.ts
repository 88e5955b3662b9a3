import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, imageFileError } from "../src/index.js";

describe("image file checks (docs/product-rules.md#photo-rules)", () => {
  it("takes JPEG and PNG up to exactly 5 MB", () => {
    expect(IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    for (const type of ["image/jpeg", "image/png", "image/jpg"]) {
      expect(imageFileError({ size: IMAGE_MAX_BYTES, type })).toBeNull();
    }
  });

  it("refuses one byte over 5 MB", () => {
    expect(imageFileError({ size: IMAGE_MAX_BYTES + 1, type: "image/png" })).toBe(
      "Dosya boyutu 5MB'dan küçük olmalıdır!",
    );
  });

  it("refuses other types, and names the type before the size", () => {
    for (const type of ["image/gif", "image/webp", "application/pdf", ""]) {
      expect(imageFileError({ size: 10, type })).toBe(
        "Sadece JPEG, PNG ve JPG formatları desteklenmektedir!",
      );
    }
    expect(imageFileError({ size: IMAGE_MAX_BYTES + 1, type: "image/gif" })).toBe(
      "Sadece JPEG, PNG ve JPG formatları desteklenmektedir!",
    );
  });
});
