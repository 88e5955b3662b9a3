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
import { db } from "../firebase.js";
import { badRequest, notFound } from "../http/errors.js";
import { lookupNames } from "./refs.js";

const collator = new Intl.Collator("tr");

export async function skills(): Promise<{ name: string }[]> {
  return ((await lookupNames("skills")) ?? []).map((name) => ({ name }));
}

export async function turkishLanguages(): Promise<string[]> {
  return (await lookupNames("turkishLanguages")) ?? [];
}

export async function countries(): Promise<{ isoCode: string; name: string }[]> {
  const snap = await (db().doc(paths.lookup("countries")) as DocumentReference<CountriesDoc>).get();
  return [...(snap.data()?.items ?? [])].sort((a, b) => collator.compare(a.name, b.name));
}

export async function cities(isoCode: string): Promise<{ name: string }[]> {
  const snap = await (db().doc(paths.cities(isoCode)) as DocumentReference<CitiesDoc>).get();
  if (!snap.exists) {
    const known = (await countries()).some((c) => c.isoCode === isoCode);
    if (!known) throw notFound(messages.lookups.countryNotFound);
    return [];
  }
  return [...(snap.data()?.names ?? [])].sort(collator.compare).map((name) => ({ name }));
}

/**
 * A profile address ("country - city") must name a country of `lookups/countries` and, when it
 * names a city, one of that country's cities (spec §5): otherwise a 400 with the Turkish reason.
 */
export async function assertAddressInLookups(address: string): Promise<void> {
  if (!splitAddress(address).country) return;
  const list = await countries();
  const country = addressCountry(address, list);
  const cityNames = country ? (await cities(country.isoCode)).map((c) => c.name) : [];
  const error = addressError(address, list, cityNames);
  if (error) throw badRequest(error);
}
