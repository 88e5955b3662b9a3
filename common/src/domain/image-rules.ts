/**
 * The file checks of docs/product-rules.md#photo-rules for every image a member sends to Storage (a profile photo, a
 * project image): at most 5 MB, JPEG or PNG. storage.rules enforce the same limits; checking them
 * first gives the docs/product-rules.md#photo-rules message instead of a refused upload.
 */
import { messages } from "../messages.js";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/jpg"] as const;

/** The docs/product-rules.md#photo-rules message for a file that may not go (type first, then size); null when it may. */
export function imageFileError(file: { size: number; type: string }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return messages.images.badType;
  if (file.size > IMAGE_MAX_BYTES) return messages.images.tooLarge;
  return null;
}
