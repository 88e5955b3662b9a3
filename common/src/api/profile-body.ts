/**
 * The shape of the `PATCH /users` body (docs/product-rules.md#api-calls): known sections only, every list bounded in count
 * and every text in length (PROFILE_LIMITS). Values of another type pass on unchanged, because
 * the field rules (`buildProfileUpdate`, rules/profile-fields.ts) give them their docs/product-rules.md#profile-update-sections meaning: a
 * list that is not a list is an empty list, an empty gender clears it, and so on.
 */
import * as z from "zod/mini";
import { messages } from "../messages.js";
import { PROFILE_LIMITS as L } from "../domain/profile-limits.js";
import { isReservedFirestoreName } from "../domain/document-id.js";

const M = messages.users;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const fits = (v: unknown, max: number) => typeof v !== "string" || v.trim().length <= max;

/** Any value, but a string at most `max` characters. */
const text = (max: number, message: string) =>
  z.unknown().check(z.refine((v) => fits(v, max), { error: message }));

/** A string or an object whose `name` is a string, at most `max` characters. */
const named = (v: unknown, max: number) => fits(isObject(v) ? v.name : v, max);

/**
 * A list of at most `max` items, each accepted by `item`; a value that is not a list is left for
 * the rules to read as an empty list.
 */
const list = (max: number, tooMany: string, item: (v: unknown) => boolean, badItem: string) =>
  z.unknown().check(
    z.refine((v) => !Array.isArray(v) || v.length <= max, { error: tooMany, abort: true }),
    z.refine((v) => !Array.isArray(v) || v.every(item), { error: badItem }),
  );

const skillName = (v: unknown) => {
  const name = isObject(v) ? v.name : v;
  return (
    named(v, L.skillName) && !(typeof name === "string" && isReservedFirestoreName(name.trim()))
  );
};

const language = (v: unknown) =>
  !isObject(v) || (fits(v.language, L.languageName) && fits(v.level, L.languageLevel));

const address = z
  .unknown()
  .check(
    z.refine(
      (v) =>
        isObject(v)
          ? fits(v.country, L.addressPart) && fits(v.city, L.addressPart)
          : fits(v, L.address),
      { error: M.addressTooLong },
    ),
  );

const personalFields = {
  name: text(L.name, M.nameTooLong),
  gender: text(L.gender, M.genderInvalid),
  birthDate: text(L.birthDate, M.birthDateInvalid),
  address,
  position: z.unknown().check(z.refine((v) => named(v, L.position), { error: M.positionUnknown })),
};

const contactFields = {
  email: text(L.email, M.emailTooLong),
  telephone: text(L.telephone, M.telephoneDigits),
};

const section = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.catchall(z.partial(z.object(shape, { error: M.sectionInvalid })), z.unknown());

const sections = {
  personalData: section(personalFields),
  contactData: section(contactFields),
  social_medias: list(
    L.socialMedias,
    M.socialTooMany,
    (v) => fits(v, L.socialMedia),
    M.socialTooLong,
  ),
  about: text(L.about, M.aboutTooLong),
  skills: list(L.skills, M.skillsTooMany, skillName, M.skillNameInvalid),
  languages: list(L.languages, M.languagesTooMany, language, M.languageNameTooLong),
  edu_cert: list(L.eduCert, M.eduCertTooMany, (v) => fits(v, L.eduCertEntry), M.eduCertTooLong),
  ...personalFields,
  ...contactFields,
  iban: text(L.iban, M.ibanInvalid),
};

export const profileUpdateBody = z.catchall(z.partial(z.object(sections)), z.unknown()).check(
  z.superRefine((body, ctx) => {
    const unknown = Object.keys(body).filter((k) => !Object.hasOwn(sections, k));
    if (unknown.length > 0) {
      ctx.addIssue({ code: "custom", message: M.unknownSection(unknown.join(", ")) });
    }
  }),
);
