/** Lookups live at the API root: /skills and /locations/... (docs/product-rules.md#api-calls), and the health check. */
import { contract } from "@platform/common/api";
import { endpoint } from "../http/endpoint.js";
import * as lookups from "../services/lookups.js";

const api = contract.lookups;

export const healthRoute = endpoint(contract.health, async ({ now }) => ({
  data: { status: "ok" as const, service: "api" as const, time: now.toISOString() },
}));

export const lookupsRoutes = [
  endpoint(api.skills, async () => ({ data: await lookups.skills() })),
  endpoint(api.countries, async () => ({ data: await lookups.countries() })),
  endpoint(api.cities, async ({ params }) => ({ data: await lookups.cities(params.isoCode) })),
  endpoint(api.turkishLanguages, async () => ({ data: await lookups.turkishLanguages() })),
];
