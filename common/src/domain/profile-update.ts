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

/**
 * Every field in the order its refusal is reported, with the section it may come in (besides
 * the top level) and the document it changes.
 */
const FIELDS: readonly {
  field: ProfileField;
  section?: Section;
  target: "user" | "details" | "email";
}[] = [
  { field: "name", section: "personalData", target: "user" },
  { field: "gender", section: "personalData", target: "user" },
  { field: "birthDate", section: "personalData", target: "user" },
  { field: "address", section: "personalData", target: "user" },
  { field: "position", section: "personalData", target: "user" },
  { field: "email", section: "contactData", target: "email" },
  { field: "telephone", section: "contactData", target: "details" },
  { field: "iban", target: "details" },
  { field: "about", target: "user" },
  { field: "skills", target: "user" },
  { field: "languages", target: "user" },
  { field: "edu_cert", target: "user" },
  { field: "social_medias", target: "user" },
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
