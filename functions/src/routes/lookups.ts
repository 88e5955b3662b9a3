import { Router } from "express";
import { z } from "zod";
import { messages } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import * as lookups from "../services/lookups.js";

const isoParams = z.object({
  isoCode: z
    .string({ error: messages.lookups.invalidIsoCode })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: messages.lookups.invalidIsoCode })
    .transform((v) => v.toUpperCase()),
});

/** Lookups live at the API root: /skills and /locations/... (spec §7). */
export function lookupsRouter(): Router {
  const r = Router();
  r.get(
    "/skills",
    endpoint({}, async () => ({ data: await lookups.skills() })),
  );
  r.get(
    "/locations/countries",
    endpoint({}, async () => ({ data: await lookups.countries() })),
  );
  r.get(
    "/locations/countries/:isoCode/cities",
    endpoint({ params: isoParams }, async ({ params }) => ({
      data: await lookups.cities(params.isoCode),
    })),
  );
  r.get(
    "/locations/turkish-languages",
    endpoint({}, async () => ({ data: await lookups.turkishLanguages() })),
  );
  return r;
}
