/**
 * The section-shaped body of `PATCH /users` (spec §7) turned into document changes with the rules
 * of spec §5. Pure apart from the clock passed in.
 */
import {
  type Gender,
  GENDERS,
  type Named,
  type UserDetailsDoc,
  type UserDoc,
  messages,
  normalizeAddress,
  normalizeEduCert,
  normalizeLanguages,
  normalizeNamedList,
  normalizeSocialMedias,
  normalizeTelephone,
  parseBirthDate,
  foldEmail,
  ibanError,
  normalizeIban,
  emailError,
  nameError,
  normalizeName,
} from "@platform/common";

export interface ProfileUpdate {
  user: Partial<
    Pick<
      UserDoc,
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
    >
  >;
  details: Partial<Pick<UserDetailsDoc, "telephone" | "iban">>;
  email?: string;
}

export type ProfileUpdateResult =
  { ok: true; value: ProfileUpdate } | { ok: false; message: string };

export interface ProfileBody {
  personalData?: {
    name?: unknown;
    gender?: unknown;
    birthDate?: unknown;
    address?: unknown;
    position?: unknown;
  };
  contactData?: { email?: unknown; telephone?: unknown; isEmailVerified?: unknown };
  social_medias?: unknown;
  about?: unknown;
  skills?: unknown;
  languages?: unknown;
  edu_cert?: unknown;
  name?: unknown;
  gender?: unknown;
  birthDate?: unknown;
  address?: unknown;
  position?: unknown;
  email?: unknown;
  telephone?: unknown;
  iban?: unknown;
}

const has = (o: object | undefined, k: string) => !!o && Object.prototype.hasOwnProperty.call(o, k);

/** A section field, from its section object or given on its own at the top level. */
function pick(body: ProfileBody, section: "personalData" | "contactData", key: string) {
  const s = body[section] as Record<string, unknown> | undefined;
  if (s && has(s, key)) return { present: true, value: s[key] };
  if (has(body, key)) return { present: true, value: (body as Record<string, unknown>)[key] };
  return { present: false, value: undefined };
}

export function buildProfileUpdate(body: ProfileBody, now: Date): ProfileUpdateResult {
  const user: ProfileUpdate["user"] = {};
  const details: ProfileUpdate["details"] = {};
  let email: string | undefined;

  const name = pick(body, "personalData", "name");
  if (name.present) {
    const error = nameError(name.value);
    if (error) return { ok: false, message: error };
    user.name = normalizeName(name.value);
  }
  const gender = pick(body, "personalData", "gender");
  if (gender.present) {
    const g = typeof gender.value === "string" ? gender.value.trim().toUpperCase() : gender.value;
    if (g === "" || g === null) user.gender = null;
    else if ((GENDERS as readonly unknown[]).includes(g)) user.gender = g as Gender;
    else return { ok: false, message: messages.users.genderInvalid };
  }
  const birthDate = pick(body, "personalData", "birthDate");
  if (birthDate.present) {
    const r = parseBirthDate(birthDate.value, now);
    if (!r.ok) return r;
    user.birthDate = r.value;
  }
  const address = pick(body, "personalData", "address");
  if (address.present) user.address = normalizeAddress(address.value).slice(0, 200);
  const position = pick(body, "personalData", "position");
  if (position.present) {
    const v = position.value;
    const p =
      typeof v === "string"
        ? v.trim()
        : typeof v === "object" && v !== null && typeof (v as Named).name === "string"
          ? (v as Named).name.trim()
          : "";
    if (!p) return { ok: false, message: messages.users.positionUnknown };
    user.position = { name: p };
  }

  const mail = pick(body, "contactData", "email");
  if (mail.present) {
    const raw = typeof mail.value === "string" ? mail.value : "";
    // The address was sent, so an empty one is a malformed address here, not a missing one.
    const error = raw.trim() === "" ? messages.auth.emailInvalid : emailError(raw);
    if (error) return { ok: false, message: error };
    email = foldEmail(raw);
  }
  const telephone = pick(body, "contactData", "telephone");
  if (telephone.present) {
    const r = normalizeTelephone(telephone.value);
    if (!r.ok) return r;
    details.telephone = r.value;
  }
  if (has(body, "iban")) {
    // Format and ISO 13616 checksum, the rule of the payment section (PUT /users/me/iban).
    const iban = normalizeIban(body.iban);
    const error = iban ? ibanError(iban) : null;
    if (error) return { ok: false, message: error };
    details.iban = iban;
  }

  if (has(body, "about")) {
    user.about = typeof body.about === "string" ? body.about.trim().slice(0, 2000) : "";
  }
  if (has(body, "skills")) user.skills = normalizeNamedList(body.skills);
  if (has(body, "languages")) {
    const r = normalizeLanguages(body.languages);
    if (!r.ok) return r;
    user.languages = r.value;
  }
  if (has(body, "edu_cert")) user.edu_cert = normalizeEduCert(body.edu_cert);
  if (has(body, "social_medias")) {
    const r = normalizeSocialMedias(body.social_medias);
    if (!r.ok) return r;
    user.social_medias = r.value;
  }

  if (Object.keys(user).length === 0 && Object.keys(details).length === 0 && email === undefined) {
    return { ok: false, message: messages.users.nothingToSave };
  }
  return { ok: true, value: { user, details, ...(email !== undefined ? { email } : {}) } };
}
