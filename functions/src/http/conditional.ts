/**
 * `If-None-Match` evaluated as RFC 9110 §13.1.2 says: the weak comparison of the entity tags.
 * Express's `req.fresh` is not used because it answers "not fresh" to any request carrying
 * `Cache-Control: no-cache`, and Hosting sends exactly that on every request it forwards, so no
 * cache behind Hosting could ever be told that its copy still holds.
 */
export function noneMatchHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const current = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === current);
}
