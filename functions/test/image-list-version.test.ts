/**
 * The validator of GET /images/{relatedId}: it must change whenever the answer would, and only
 * then, because a cache holding the tag is answered 304 without the bytes being read again.
 */
import { Timestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import type { ImageDoc } from "@platform/common";
import { type ListedImage, listVersion } from "../src/services/images.js";

function listed(id: string, generation: string, path = `users/u1/profile/${id}.png`): ListedImage {
  const img = {
    relatedId: "u1",
    relatedType: "User",
    imageType: "Profile",
    path,
    contentType: "image/png",
    size: 5 * 1024 * 1024,
    uploadedBy: "u1",
    createdAt: Timestamp.fromMillis(1_700_000_000_000),
  } as ImageDoc;
  return { id, img, generation };
}

describe("listVersion", () => {
  it("is a weak entity tag, the same for the same records and objects", () => {
    const tag = listVersion([listed("a", "17")]);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(listVersion([listed("a", "17")])).toBe(tag);
  });

  it("changes when an object is rewritten in place, replaced, added or gone", () => {
    const tags = [
      listVersion([listed("a", "17")]),
      listVersion([listed("a", "18")]),
      listVersion([listed("b", "17")]),
      listVersion([listed("a", "17", "users/u1/profile/other.png")]),
      listVersion([listed("a", "17"), listed("b", "3")]),
      listVersion([]),
    ];
    expect(new Set(tags).size).toBe(tags.length);
  });
});
