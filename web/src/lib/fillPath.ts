/**
 * Fills the `:name` segments of an address pattern (a screen's route, an API endpoint's path),
 * each value URI-encoded. Shared by the screen table and the API client, which must not load the
 * API contract's schemas just to build a URL.
 */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" in ${pattern}`);
    return encodeURIComponent(value);
  });
}
