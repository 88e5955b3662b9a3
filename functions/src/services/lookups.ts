/** Reference data for forms: skills, countries and their cities, Turkish language names. */
import type { DocumentReference } from "firebase-admin/firestore";
import {
  type CitiesDoc,
  type CountriesDoc,
  addressCountry,
  addressError,
  messages,
  paths,
  splitAddress,
} from "@platform/common";
import { invalid, notFound } from "../domain/errors.js";
import { lookupNames } from "./refs.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

const collator = new Intl.Collator("tr");

export async function skills({ db }: ServiceDeps = productionDeps()): Promise<{ name: string }[]> {
  return ((await lookupNames(db, "skills")) ?? []).map((name) => ({ name }));
}

export async function turkishLanguages({ db }: ServiceDeps = productionDeps()): Promise<string[]> {
  return (await lookupNames(db, "turkishLanguages")) ?? [];
}

export async function countries(
  { db }: ServiceDeps = productionDeps(),
): Promise<{ isoCode: string; name: string }[]> {
  const snap = await (db.doc(paths.lookup("countries")) as DocumentReference<CountriesDoc>).get();
  return [...(snap.data()?.items ?? [])].sort((a, b) => collator.compare(a.name, b.name));
}

export async function cities(
  isoCode: string,
  deps: ServiceDeps = productionDeps(),
): Promise<{ name: string }[]> {
  const { db } = deps;
  const snap = await (db.doc(paths.cities(isoCode)) as DocumentReference<CitiesDoc>).get();
  if (!snap.exists) {
    const known = (await countries(deps)).some((c) => c.isoCode === isoCode);
    if (!known) throw notFound(messages.lookups.countryNotFound);
    return [];
  }
  return [...(snap.data()?.names ?? [])].sort(collator.compare).map((name) => ({ name }));
}

/**
 * A profile address ("country - city") must name a country of `lookups/countries` and, when it
 * names a city, one of that country's cities (docs/product-rules.md#profile-address): otherwise a 400 with the Turkish reason.
 */
export async function assertAddressInLookups(
  address: string,
  deps: ServiceDeps = productionDeps(),
): Promise<void> {
  if (!splitAddress(address).country) return;
  const list = await countries(deps);
  const country = addressCountry(address, list);
  const cityNames = country ? (await cities(country.isoCode, deps)).map((c) => c.name) : [];
  const error = addressError(address, list, cityNames);
  if (error) throw invalid(error);
}
