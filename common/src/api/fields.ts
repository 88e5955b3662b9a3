/**
 * The zod building blocks of the `/api` inputs, each with the Turkish texts of `messages.ts`.
 * zod/mini (functional, tree-shakable) so the web bundle carries only the schemas it uses.
 */
import * as z from "zod/mini";
import { messages } from "../messages.js";
import { MEMBER_TYPES } from "../model/enums.js";
import { PROFILE_LIMITS } from "../domain/profile-limits.js";
import { isDocumentIdInput, isReservedFirestoreName } from "../domain/document-id.js";
import { foldEmail, isAsciiEmail, isEmailAddress } from "../text/email.js";
import { NEW_PASSWORD_TEXTS, PASSWORD_LENGTH, type PasswordTexts } from "../rules/password.js";
import { NAME_LENGTH, normalizeName } from "../rules/name.js";

/** An address: ASCII only (else the Turkish refusal), well formed, folded without locale rules. */
export const emailField = z.pipe(
  z
    .string({ error: messages.auth.emailRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.auth.emailRequired, abort: true }),
      z.refine(isAsciiEmail, { error: messages.auth.emailNotAscii, abort: true }),
      z.refine(isEmailAddress, { error: messages.auth.emailInvalid }),
    ),
  z.transform(foldEmail),
);

/** A password being chosen: 8 to 128 characters (rules/password.ts), with the screen's texts. */
export const newPasswordField = (texts: PasswordTexts) =>
  z
    .string({ error: texts.required })
    .check(
      z.minLength(PASSWORD_LENGTH.min, { error: texts.tooShort }),
      z.maxLength(PASSWORD_LENGTH.max, { error: texts.tooLong }),
    );

/** The reset screen's password: the same bounds, every refusal with the reset screen's text (docs/product-rules.md#password-reset). */
export const resetPasswordField = newPasswordField(NEW_PASSWORD_TEXTS);

/** A member's name (rules/name.ts): Turkish title case, 2 to 80 characters. */
export const nameField = z.pipe(
  z.pipe(
    z.string({ error: messages.users.nameMissing }),
    z.transform((v: string) => normalizeName(v)),
  ),
  z
    .string()
    .check(
      z.minLength(NAME_LENGTH.min, { error: messages.users.nameRequired }),
      z.maxLength(NAME_LENGTH.max, { error: messages.users.nameTooLong }),
    ),
);

/** Form booleans: true, "true", "on" → true; false, "", "false", null, absent → false (docs/product-rules.md#form-booleans). */
export const formBoolean = z.pipe(
  z.optional(
    z.union(
      [
        z.boolean(),
        z.literal("on"),
        z.literal("true"),
        z.literal("false"),
        z.literal(""),
        z.null(),
      ],
      { error: messages.general.booleanInvalid },
    ),
  ),
  z.transform((v) => v === true || v === "on" || v === "true"),
);

export const memberTypeField = z.pipe(
  z.pipe(
    z.string({ error: messages.users.invalidType }),
    z.transform((v) => v.trim().toUpperCase()),
  ),
  z.enum(MEMBER_TYPES, { error: messages.users.invalidType }),
);

/**
 * A document id from a path or body (domain/document-id.ts), so a reserved id such as
 * `__proto__` is a 400, not a slow 500. Surrounding spaces are dropped first.
 */
export const idField = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.refine(isDocumentIdInput, { error: message }));

/** A skill name: bounded, and never a name Firestore reserves (it becomes a vote's map key). */
const skillName = z.string({ error: messages.general.listItemInvalid }).check(
  z.trim(),
  z.maxLength(PROFILE_LIMITS.skillName, { error: messages.users.skillNameInvalid }),
  z.refine((name: string) => !isReservedFirestoreName(name), {
    error: messages.users.skillNameInvalid,
  }),
);

/** Skills as strings or `{name}` objects, as `{name}` objects without blanks and repeats. */
export const namedListField = z.pipe(
  z
    .array(z.union([skillName, z.object({ name: skillName })]), {
      error: messages.general.listRequired,
    })
    .check(z.maxLength(PROFILE_LIMITS.skills, { error: messages.users.skillsTooMany })),
  z.transform((items) => {
    const names = items.map((i) => (typeof i === "string" ? i : i.name)).filter(Boolean);
    return [...new Set(names)].map((name) => ({ name }));
  }),
);

/** A position name given as a string or `{name}`, trimmed. */
export const positionNameField = z.pipe(
  z.pipe(
    z.union([
      z.string({ error: messages.users.positionUnknown }),
      z.object({ name: z.string({ error: messages.users.positionUnknown }) }),
    ]),
    z.transform((v) => (typeof v === "string" ? v : v.name).trim()),
  ),
  z
    .string()
    .check(
      z.minLength(1, { error: messages.users.positionUnknown }),
      z.maxLength(PROFILE_LIMITS.position),
    ),
);

/**
 * A whole number from a query string within [min, max], else `message`; `fallback` when absent.
 */
export const queryInt = (opts: { min: number; max?: number; fallback: number; message: string }) =>
  z._default(
    z.pipe(
      z.coerce.number({ error: opts.message }),
      z
        .number()
        .check(
          z.int({ error: opts.message }),
          z.gte(opts.min, { error: opts.message }),
          ...(opts.max === undefined ? [] : [z.lte(opts.max, { error: opts.message })]),
        ),
    ),
    opts.fallback,
  );
