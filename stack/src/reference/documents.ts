/**
 * The reference data as Firestore documents: `lookups/*` (position names, skills, languages,
 * countries with Turkish names and their cities) and `faqs/faq-NN`. Nothing else.
 */
import {
  type CitiesDoc,
  type CountriesDoc,
  type FaqDoc,
  type NameListDoc,
  paths,
} from "@platform/common";
import { FAQS, POSITION_NAMES, SKILLS, TURKISH_LANGUAGES } from "./content.js";
import { buildLocations } from "./locations.js";

/** A reference document: where, and exactly what (no timestamps in reference data). */
export interface ReferenceDocument {
  path: string;
  data: FaqDoc | NameListDoc | CountriesDoc | CitiesDoc;
}

/** The collections the reference data lives in; the seed writes nowhere else. */
export const REFERENCE_COLLECTIONS = [paths.faqs, "lookups"] as const;

export const faqDocumentId = (index: number) => `faq-${String(index + 1).padStart(2, "0")}`;

export function buildReferenceDocuments(): ReferenceDocument[] {
  const docs: ReferenceDocument[] = [
    { path: paths.lookup("positionNames"), data: { names: [...POSITION_NAMES] } },
    { path: paths.lookup("skills"), data: { names: [...SKILLS] } },
    { path: paths.lookup("turkishLanguages"), data: { names: [...TURKISH_LANGUAGES] } },
  ];
  const locations = buildLocations();
  docs.push({
    path: paths.lookup("countries"),
    data: { items: locations.map(({ isoCode, name }) => ({ isoCode, name })) },
  });
  for (const c of locations)
    docs.push({ path: paths.cities(c.isoCode), data: { names: c.cities } });
  FAQS.forEach((faq, order) =>
    docs.push({
      path: `${paths.faqs}/${faqDocumentId(order)}`,
      data: { question: faq.question, answer: faq.answer, tags: [...faq.tags], order },
    }),
  );
  return docs;
}
