/** Reference lists at the API root: /skills and /locations/... (spec §7). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { data, endpoint } from "../define.js";
import type { HealthDto } from "../types.js";

export const health = endpoint({
  method: "GET",
  path: "/health",
  access: "public",
  response: data<HealthDto>(),
});

export const skills = endpoint({
  method: "GET",
  path: "/skills",
  access: "public",
  response: data<{ name: string }[]>(),
});

export const countries = endpoint({
  method: "GET",
  path: "/locations/countries",
  access: "public",
  response: data<{ isoCode: string; name: string }[]>(),
});

export const cities = endpoint({
  method: "GET",
  path: "/locations/countries/:isoCode/cities",
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
  method: "GET",
  path: "/locations/turkish-languages",
  access: "public",
  response: data<string[]>(),
});
