/** Reference data for forms: skills, countries and their cities, Turkish language names. */
import type { DocumentReference } from "firebase-admin/firestore";
import { type CitiesDoc, type CountriesDoc, messages, paths } from "@platform/common";
import { db } from "../firebase.js";
import { notFound } from "../http/errors.js";
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
