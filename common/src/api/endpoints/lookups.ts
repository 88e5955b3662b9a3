/** Reference lists at the API root: /skills and /locations/... (spec §7). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { data, endpoint } from "../define.js";
import { routes } from "../routes.js";
import type { HealthDto } from "../types.js";

export const health = endpoint({
  ...routes.health,
  access: "public",
  response: data<HealthDto>(),
});

export const skills = endpoint({
  ...routes.lookups.skills,
  access: "public",
  response: data<{ name: string }[]>(),
});

export const countries = endpoint({
  ...routes.lookups.countries,
  access: "public",
  response: data<{ isoCode: string; name: string }[]>(),
});

export const cities = endpoint({
  ...routes.lookups.cities,
  access: "public",
  params: z.object({
    isoCode: z.pipe(
      z
        .string({ error: messages.lookups.invalidIsoCode })
        .check(z.trim(), z.regex(/^[A-Za-z]{2}$/, { error: messages.lookups.invalidIsoCode })),
      z.transform((v) => v.toUpperCase()),
    ),
  }),
  response: data<{ name: string }[]>(),
});

export const turkishLanguages = endpoint({
  ...routes.lookups.turkishLanguages,
  access: "public",
  response: data<string[]>(),
});
