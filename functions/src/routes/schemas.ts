/** Shared zod building blocks with the Turkish messages of spec §5. */
import { z } from "zod";
import {
  MEMBER_TYPES,
  PROFILE_LIMITS,
  foldEmail,
  isAsciiEmail,
  isReservedFirestoreName,
  isValidDocumentId,
  messages,
} from "@platform/common";

/** An address: ASCII only (else the Turkish refusal), well formed, folded without locale rules. */
export const emailSchema = z
  .string({ error: messages.auth.emailRequired })
  .trim()
  .min(1, { error: messages.auth.emailRequired, abort: true })
  .refine(isAsciiEmail, { error: messages.auth.emailNotAscii, abort: true })
  .pipe(z.email({ error: messages.auth.emailInvalid }))
  .transform(foldEmail);

export const passwordSchema = z
  .string({ error: "Şifre zorunludur." })
  .min(8, { error: messages.auth.passwordMinLength })
  .max(128, { error: "Şifre en fazla 128 karakter olabilir." });

/** Form booleans: true, "true", "on" → true; false, "", "false", absent → false (spec §5). */
export const formBoolean = z
  .union(
    [z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal(""), z.null()],
    {
      error: "Geçersiz onay değeri.",
    },
  )
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const memberTypeSchema = z
  .string({ error: messages.users.invalidType })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(MEMBER_TYPES, { error: messages.users.invalidType }));

/**
 * A document id from a path or body: the shape of the ids the platform issues (auto-ids, Auth
 * uids) and one Firestore accepts, so a reserved id such as `__proto__` is a 400, not a slow 500.
 */
export const idSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: message })
    .refine(isValidDocumentId, { error: message });

/** A skill name: bounded, and never a name Firestore reserves (it becomes a vote's map key). */
const skillName = z
  .string({ error: "Geçersiz liste öğesi." })
  .trim()
  .max(PROFILE_LIMITS.skillName, { error: messages.users.skillNameInvalid })
  .refine((name) => !isReservedFirestoreName(name), { error: messages.users.skillNameInvalid });

/** Skills as strings or `{name}` objects, as `{name}` objects. */
export const namedListSchema = z
  .array(z.union([skillName, z.object({ name: skillName })]), {
    error: "Bu alan bir liste olmalıdır.",
  })
  .max(PROFILE_LIMITS.skills, { error: messages.users.skillsTooMany })
  .transform((items) => {
    const names = items.map((i) => (typeof i === "string" ? i : i.name)).filter(Boolean);
    return [...new Set(names)].map((name) => ({ name }));
  });

export const positionNameSchema = z
  .union([
    z.string({ error: messages.users.positionUnknown }),
    z.object({ name: z.string({ error: messages.users.positionUnknown }) }),
  ])
  .transform((v) => (typeof v === "string" ? v : v.name).trim())
  .pipe(z.string().min(1, { error: messages.users.positionUnknown }).max(80));
