/**
 * The section-shaped body of `PATCH /users` (docs/product-rules.md#api-calls) turned into document
 * changes with the field rules of docs/product-rules.md#profile-update-sections
 * (rules/profile-fields.ts, which the account page's forms run too). Pure; the clock comes in.
 */
import type { UserDetailsDoc, UserDoc } from "../model/documents.js";
import { messages } from "../messages.js";
import {
  type ProfileField,
  type ProfileFieldResult,
  applyProfileFieldRule,
} from "../rules/profile-fields.js";

type UserField = Extract<
  ProfileField,
  | "name"
  | "gender"
  | "birthDate"
  | "address"
  | "position"
  | "about"
  | "skills"
  | "languages"
  | "edu_cert"
  | "social_medias"
>;
type DetailsField = Extract<ProfileField, "telephone" | "iban">;

export interface ProfileUpdate {
  user: Partial<Pick<UserDoc, UserField>>;
  details: Partial<Pick<UserDetailsDoc, DetailsField>>;
  email?: string;
}

export type ProfileUpdateResult =
  { ok: true; value: ProfileUpdate } | { ok: false; message: string };

type Section = "personalData" | "contactData";

/** The body as it arrives after its zod shape: every value still to be judged by its rule. */
export type ProfileBody = { [K in Section]?: Record<string, unknown> } & {
  [K in ProfileField]?: unknown;
};

interface FieldPlace {
  field: ProfileField;
  /** The section it may come in, besides the top level. */
  section?: Section;
  /** The document it changes (`email` goes to Auth and the contact document). */
  target: "user" | "details" | "email";
}

const placed =
  (section: Section | undefined, target: FieldPlace["target"]) =>
  (field: ProfileField): FieldPlace => ({ field, section, target });

/** Every field, in the order its refusal is reported. */
const FIELDS: readonly FieldPlace[] = [
  ...(["name", "gender", "birthDate", "address", "position"] as const).map(
    placed("personalData", "user"),
  ),
  placed("contactData", "email")("email"),
  placed("contactData", "details")("telephone"),
  placed(undefined, "details")("iban"),
  ...(["about", "skills", "languages", "edu_cert", "social_medias"] as const).map(
    placed(undefined, "user"),
  ),
];

const has = (o: object | undefined, k: string) => !!o && Object.prototype.hasOwnProperty.call(o, k);

/** A field from its section object, or given on its own at the top level. */
function pick(body: ProfileBody, field: ProfileField, section: Section | undefined) {
  const s = section ? body[section] : undefined;
  if (s && has(s, field)) return { present: true, value: s[field] };
  if (has(body, field)) return { present: true, value: body[field] };
  return { present: false, value: undefined };
}

export function buildProfileUpdate(body: ProfileBody, now: Date): ProfileUpdateResult {
  const user: Record<string, unknown> = {};
  const details: Record<string, unknown> = {};
  let email: string | undefined;

  for (const { field, section, target } of FIELDS) {
    const given = pick(body, field, section);
    if (!given.present) continue;
    const result: ProfileFieldResult<ProfileField> = applyProfileFieldRule(field, given.value, now);
    if (!result.ok) return { ok: false, message: result.message };
    if (target === "email") email = result.value as string;
    else (target === "user" ? user : details)[field] = result.value;
  }

  // isEmailVerified and unknown keys of a section are ignored: nothing left means nothing to save.
  if (Object.keys(user).length === 0 && Object.keys(details).length === 0 && email === undefined) {
    return { ok: false, message: messages.users.nothingToSave };
  }
  return {
    ok: true,
    // The table above sends each field's rule result to its own document field.
    value: {
      user: user as ProfileUpdate["user"],
      details: details as ProfileUpdate["details"],
      ...(email !== undefined ? { email } : {}),
    },
  };
}
