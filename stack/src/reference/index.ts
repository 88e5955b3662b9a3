export { FAQS, POSITION_NAMES, SKILLS, TURKISH_LANGUAGES, type ReferenceFaq } from "./content.js";
export {
  REFERENCE_COLLECTIONS,
  buildReferenceDocuments,
  faqDocumentId,
  type ReferenceDocument,
} from "./documents.js";
export { buildLocations, type CountryLookup } from "./locations.js";
export { seedReferenceData, type ReferenceSeedReport, type ReferenceWrite } from "./seed.js";
