/**
 * Documented Firestore limits on stored documents: 1 MiB per document (sizes computed the way
 * "Storage size calculations" describes) and at most 20 levels of nested maps and arrays.
 */
import type { Value } from "../shared/value.js";
import { invalidArgument } from "./errors.js";

export const MAX_DOCUMENT_BYTES = 1_048_576;
const MAX_DEPTH = 20;

const stringSize = (s: string) => Buffer.byteLength(s, "utf8") + 1;

/** Size of a document path below `documents/`: each segment plus 16 bytes. */
function nameSize(path: string): number {
  return path.split("/").reduce((n, s) => n + stringSize(s), 0) + 16;
}

function valueSize(value: Value, depth: number): number {
  if (depth > MAX_DEPTH) {
    throw invalidArgument(
      `Document exceeds the maximum nesting depth of ${MAX_DEPTH} for maps and arrays.`,
    );
  }
  if ("nullValue" in value || "booleanValue" in value) return 1;
  if ("integerValue" in value || "doubleValue" in value || "timestampValue" in value) return 8;
  if ("stringValue" in value) return stringSize(value.stringValue);
  if ("bytesValue" in value) return Buffer.from(value.bytesValue, "base64").length;
  if ("referenceValue" in value) {
    return nameSize(
      value.referenceValue.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, ""),
    );
  }
  if ("geoPointValue" in value) return 16;
  if ("arrayValue" in value) {
    return (value.arrayValue.values ?? []).reduce((n, v) => n + valueSize(v, depth + 1), 0);
  }
  return fieldsSize(value.mapValue.fields ?? {}, depth + 1);
}

function fieldsSize(fields: Record<string, Value>, depth: number): number {
  let size = 0;
  for (const [key, value] of Object.entries(fields))
    size += stringSize(key) + valueSize(value, depth);
  return size;
}

export function checkDocumentLimits(
  path: string,
  fields: Record<string, Value>,
  name: string,
): void {
  const size = nameSize(path) + fieldsSize(fields, 1) + 32;
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalidArgument(
      `Document '${name}' cannot be written because its size (${size} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_BYTES} bytes.`,
    );
  }
}
