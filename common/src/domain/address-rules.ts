/**
 * The address of a profile is "country - city" (docs/product-rules.md#profile-address) chosen from the reference lists in
 * `lookups/countries` and `lookups/countries/cities/{isoCode}`: the city must belong to the
 * chosen country (docs/product-rules.md#profile-address). Pure: the lists come in.
 */
import { messages } from "../messages.js";
import { trLower } from "../text/turkish.js";

/** "Türkiye - İstanbul" → { country: "Türkiye", city: "İstanbul" }; either may be "". */
export function splitAddress(address: string): { country: string; city: string } {
  const [country = "", ...rest] = address.split(" - ").map((p) => p.trim());
  return { country, city: rest.join(" - ") };
}

const same = (a: string, b: string) => trLower(a.trim()) === trLower(b.trim());

/**
 * The country of an address, by name, among the known countries; null when the address names
 * no country or one that is not in the list.
 */
export function addressCountry<C extends { name: string }>(
  address: string,
  countries: readonly C[],
): C | null {
  const { country } = splitAddress(address);
  return country ? (countries.find((c) => same(c.name, country)) ?? null) : null;
}

/**
 * Null when the address may be saved: empty, or a known country with no city or with one of
 * that country's cities. Otherwise the message to show.
 */
export function addressError(
  address: string,
  countries: readonly { name: string }[],
  citiesOfCountry: readonly string[],
): string | null {
  const { country, city } = splitAddress(address);
  if (!country) return null;
  if (!addressCountry(address, countries)) return messages.users.countryUnknown;
  if (city && !citiesOfCountry.some((c) => same(c, city))) return messages.users.cityNotInCountry;
  return null;
}
