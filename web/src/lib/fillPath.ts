/**
 * Fills the `:name` segments of an address pattern (a screen's route, an API endpoint's path),
 * each value URI-encoded, with the contract's own `pathOf`. Imported from the small routes module
 * so the API client and the screen table never load the contract's schemas to build a URL.
 */
import { pathOf } from "@platform/common/api/routes";

export const fillPath = (pattern: string, params: Record<string, string>): string =>
  pathOf({ path: pattern }, params as never);
