/** Paging rules of the directories (docs/product-rules.md#screen-directories), pure. */

export const PAGE_SIZE = 20;
/** Page size under 768 px. */
export const PAGE_SIZE_NARROW = 10;
export const NARROW_MAX_WIDTH = 767;
/** Page buttons shown at once. */
export const PAGES_SHOWN = 3;
export const PLACEHOLDER_COUNT = 20;

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The `page` query parameter as a page number (1 when absent or not a positive integer). */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? page : 1;
}

/** Up to `shown` consecutive page numbers around `current`, kept inside 1…totalPages. */
export function paginationWindow(
  current: number,
  totalPages: number,
  shown = PAGES_SHOWN,
): number[] {
  const count = Math.min(shown, Math.max(totalPages, 1));
  const page = Math.min(Math.max(current, 1), Math.max(totalPages, 1));
  let start = page - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, Math.max(totalPages, 1) - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * How to read one page without an offset (Firestore has none in the web SDK) and without
 * downloading the directory:
 * - `after`: start after the last document of a page already read (`anchorPage`, 0 = from the
 *   beginning), read `skip` documents more than a page and keep the last page of them;
 * - `fromEnd`: read in reverse order from the end, `take` documents, and keep the last `keep` of
 *   them reversed.
 * The cheaper of the two is chosen, so "Son sayfa" or a deep link near the end stays small.
 */
export type PagePlan =
  | { kind: "after"; anchorPage: number; skip: number; take: number }
  | { kind: "fromEnd"; take: number; keep: number };

export function planPageFetch(
  page: number,
  size: number,
  total: number,
  knownAnchors: Iterable<number>,
): PagePlan {
  let anchor = 0;
  for (const a of knownAnchors) if (a < page && a > anchor) anchor = a;
  const skip = (page - 1 - anchor) * size;
  const forwardCost = skip + size;
  const remaining = total - (page - 1) * size;
  if (page > 1 && remaining > 0 && remaining < forwardCost) {
    return { kind: "fromEnd", take: remaining, keep: Math.min(size, remaining) };
  }
  return { kind: "after", anchorPage: anchor, skip, take: forwardCost };
}
