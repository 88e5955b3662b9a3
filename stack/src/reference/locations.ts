/**
 * Countries (Turkish names, i18n-iso-countries) and their cities (country-state-city) for the
 * address lookups. For Türkiye the cities are the 81 provinces, as Turkish addresses use them.
 */
import { City, State } from "country-state-city";
import countries from "i18n-iso-countries";
import tr from "i18n-iso-countries/langs/tr.json" with { type: "json" };

countries.registerLocale(tr);

const collator = new Intl.Collator("tr");

/** Province names the dataset spells without Turkish letters. */
const TURKISH_SPELLING: Record<string, string> = { Istanbul: "İstanbul" };

export interface CountryLookup {
  isoCode: string;
  name: string;
  cities: string[];
}

export function buildLocations(): CountryLookup[] {
  return Object.entries(countries.getNames("tr", { select: "official" }))
    .map(([isoCode, name]) => ({ isoCode, name, cities: citiesOf(isoCode) }))
    .sort((a, b) => {
      // Türkiye first, then alphabetical in Turkish.
      if (a.isoCode === "TR") return -1;
      if (b.isoCode === "TR") return 1;
      return collator.compare(a.name, b.name);
    });
}

function citiesOf(isoCode: string): string[] {
  const names =
    isoCode === "TR"
      ? State.getStatesOfCountry("TR").map((s) => TURKISH_SPELLING[s.name] ?? s.name)
      : (City.getCitiesOfCountry(isoCode)?.map((c) => c.name) ?? []);
  return [...new Set(names)].sort(collator.compare);
}
