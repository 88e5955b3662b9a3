/**
 * Firestore values in the REST wire form ({"stringValue": "…"}), which the console's API sends
 * and takes: their types, a short text for tables, and a blank value of each type for the editor.
 */
export type WireValue = Record<string, unknown>;
export type WireFields = Record<string, WireValue>;

export const VALUE_TYPES = [
  "string",
  "number",
  "boolean",
  "timestamp",
  "map",
  "array",
  "null",
  "reference",
  "geopoint",
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export function typeOf(value: WireValue): ValueType {
  if ("stringValue" in value) return "string";
  if ("integerValue" in value || "doubleValue" in value) return "number";
  if ("booleanValue" in value) return "boolean";
  if ("timestampValue" in value) return "timestamp";
  if ("mapValue" in value) return "map";
  if ("arrayValue" in value) return "array";
  if ("referenceValue" in value) return "reference";
  if ("geoPointValue" in value) return "geopoint";
  if ("bytesValue" in value) return "string";
  return "null";
}

/** The label shown beside a value: "number" is told apart as integer or double. */
export function typeLabel(value: WireValue): string {
  if ("integerValue" in value) return "integer";
  if ("doubleValue" in value) return "double";
  if ("bytesValue" in value) return "bytes";
  return typeOf(value);
}

export function mapFields(value: WireValue): WireFields {
  return ((value.mapValue as { fields?: WireFields } | undefined)?.fields ?? {}) as WireFields;
}

export function arrayValues(value: WireValue): WireValue[] {
  return ((value.arrayValue as { values?: WireValue[] } | undefined)?.values ?? []) as WireValue[];
}

export function geoPoint(value: WireValue): { latitude: number; longitude: number } {
  const g = (value.geoPointValue ?? {}) as { latitude?: number; longitude?: number };
  return { latitude: g.latitude ?? 0, longitude: g.longitude ?? 0 };
}

/** `projects/p/databases/(default)/documents/users/u1` → `users/u1`. */
export function referencePath(value: WireValue): string {
  const name = String(value.referenceValue ?? "");
  const i = name.indexOf("/documents/");
  return i < 0 ? name : name.slice(i + "/documents/".length);
}

export function summary(value: WireValue): string {
  switch (typeLabel(value)) {
    case "string":
      return JSON.stringify(value.stringValue);
    case "integer":
      return String(value.integerValue);
    case "double":
      return String(value.doubleValue);
    case "boolean":
      return String(value.booleanValue);
    case "timestamp":
      return String(value.timestampValue);
    case "reference":
      return referencePath(value);
    case "geopoint": {
      const g = geoPoint(value);
      return `[${g.latitude}° ${g.longitude}°]`;
    }
    case "bytes":
      return `${String(value.bytesValue).length} base64 chars`;
    case "map": {
      const keys = Object.keys(mapFields(value));
      return `{${keys.slice(0, 4).join(", ")}${keys.length > 4 ? ", …" : ""}} (${keys.length})`;
    }
    case "array":
      return `[${arrayValues(value).length} items]`;
    default:
      return "null";
  }
}

export function blankValue(type: ValueType, projectRoot: string): WireValue {
  switch (type) {
    case "string":
      return { stringValue: "" };
    case "number":
      return { integerValue: "0" };
    case "boolean":
      return { booleanValue: false };
    case "timestamp":
      return { timestampValue: new Date().toISOString() };
    case "map":
      return { mapValue: { fields: {} } };
    case "array":
      return { arrayValue: { values: [] } };
    case "reference":
      return { referenceValue: `${projectRoot}/` };
    case "geopoint":
      return { geoPointValue: { latitude: 0, longitude: 0 } };
    default:
      return { nullValue: null };
  }
}

/** A number typed in the editor: integers stay integers (Firestore keeps the difference). */
export function numberValue(text: string): WireValue | null {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) return { integerValue: String(BigInt(trimmed)) };
  const n = Number(trimmed);
  if (trimmed === "" || Number.isNaN(n)) return null;
  return { doubleValue: n };
}
