/**
 * Input rules, one function each, shared by the forms and the API. Rules that predate this folder
 * live beside their domain and are exported from the package root as well:
 * - birth date: `parseBirthDate`, `birthDateBounds` (domain/profile-rules.ts)
 * - telephone: `normalizeTelephone` (domain/profile-rules.ts)
 * - IBAN: `ibanError`, `normalizeIban` (domain/iban.ts)
 * - manages this project: `canManageProject` (domain/project-rules.ts, mirrored in storage.rules)
 * - same position name: `samePositionName` (domain/project-rules.ts)
 * - document ids: `isDocumentIdInput`, `isValidDocumentId` (domain/document-id.ts)
 * The profile fields (profile-fields.ts) put these together, one rule a field of `PATCH /users`.
 */
export * from "./email.js";
export * from "./password.js";
export * from "./name.js";
export * from "./website.js";
export * from "./profile-fields.js";
