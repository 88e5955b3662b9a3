/**
 * Exact conversion between the gRPC object form of google.firestore.v1 messages (as
 * @grpc/proto-loader decodes and encodes them, see LOADER_OPTIONS) and the REST v1 JSON form the
 * engine speaks, driven by the message schemas so every field of every message is covered.
 *
 * Differences handled (proto3 JSON mapping, plus the engine's canonical Value form):
 * - google.protobuf.Timestamp {seconds, nanos} ⇄ normalised RFC 3339 UTC string
 * - google.protobuf.Duration {seconds, nanos} ⇄ "1.5s"
 * - wrapper messages (Int32Value, …) {value} ⇄ the bare value
 * - google.protobuf.NullValue "NULL_VALUE" ⇄ null
 * - bytes Buffer ⇄ base64 string
 * int64 already travel as decimal strings and enums as names in both forms; doubles stay numbers
 * (NaN and ±Infinity included, as the engine's Value form wants).
 */
import protobuf from "protobufjs";

type Json = unknown;
type JsonObject = Record<string, unknown>;

const WRAPPERS = new Set(
  [
    "DoubleValue",
    "FloatValue",
    "Int64Value",
    "UInt64Value",
    "Int32Value",
    "UInt32Value",
    "BoolValue",
    "StringValue",
    "BytesValue",
  ].map((name) => `.google.protobuf.${name}`),
);

/**
 * A map field's entries converted, walked by key (`Object.entries` would allocate a pair for every
 * field of a 500-write commit).
 */
function mapValues(map: JsonObject, convert: (entry: unknown) => unknown): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(map)) out[key] = convert(map[key]);
  return out;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export class ProtoJsonConverter {
  /** Name lookups walk the whole namespace tree; a stream converts thousands of messages. */
  private readonly types = new Map<string, protobuf.Type>();

  constructor(private readonly root: protobuf.Root) {}

  /** gRPC object → REST JSON for the message type `typeName` (e.g. "google.firestore.v1.Document"). */
  toJson(typeName: string, message: unknown): JsonObject {
    return this.messageToJson(this.type(typeName), message);
  }

  /** REST JSON → gRPC object for `typeName`; keys that are not fields of the message are dropped. */
  fromJson(typeName: string, json: unknown): JsonObject {
    return this.messageFromJson(this.type(typeName), json);
  }

  private type(typeName: string): protobuf.Type {
    let type = this.types.get(typeName);
    if (!type) this.types.set(typeName, (type = this.root.lookupType(typeName)));
    return type;
  }

  private messageToJson(type: protobuf.Type, message: unknown): JsonObject {
    const out: JsonObject = {};
    if (!isObject(message)) return out;
    for (const field of type.fieldsArray) {
      const value = message[field.name];
      if (value === undefined) continue;
      if (value === null && !isNullValueField(field)) continue;
      if (field.map) {
        out[field.name] = mapValues(value as JsonObject, (entry) =>
          this.singleToJson(field, entry),
        );
      } else if (field.repeated) {
        out[field.name] = (value as unknown[]).map((item) => this.singleToJson(field, item));
      } else {
        out[field.name] = this.singleToJson(field, value);
      }
    }
    return out;
  }

  private singleToJson(field: protobuf.Field, value: unknown): Json {
    switch (kindOf(field)) {
      case "timestamp":
        return timestampToJson(value);
      case "duration":
        return durationToJson(value);
      case "wrapper":
        return wrapperToJson(field.resolvedType as protobuf.Type, value);
      case "message":
        return this.messageToJson(field.resolvedType as protobuf.Type, value);
      case "nullValue":
        return null;
      case "enum":
        return typeof value === "number"
          ? ((field.resolvedType as protobuf.Enum).valuesById[value] ?? value)
          : value;
      case "bytes":
        return bytesToBase64(value);
      default:
        return value;
    }
  }

  private messageFromJson(type: protobuf.Type, json: unknown): JsonObject {
    const out: JsonObject = {};
    if (!isObject(json)) return out;
    for (const field of type.fieldsArray) {
      if (!(field.name in json)) continue;
      const value = json[field.name];
      if (value === undefined) continue;
      if (value === null && !isNullValueField(field)) continue;
      if (field.map) {
        out[field.name] = mapValues(value as JsonObject, (entry) =>
          this.singleFromJson(field, entry),
        );
      } else if (field.repeated) {
        out[field.name] = (value as unknown[]).map((item) => this.singleFromJson(field, item));
      } else {
        out[field.name] = this.singleFromJson(field, value);
      }
    }
    return out;
  }

  private singleFromJson(field: protobuf.Field, value: unknown): unknown {
    switch (kindOf(field)) {
      case "timestamp":
        return timestampFromJson(value);
      case "duration":
        return durationFromJson(value);
      case "wrapper":
        return { value: wrapperValueFromJson(field.resolvedType as protobuf.Type, value) };
      case "message":
        return this.messageFromJson(field.resolvedType as protobuf.Type, value);
      case "nullValue":
        return "NULL_VALUE";
      case "enum":
        return value;
      case "bytes":
        return base64ToBytes(value);
      case "double":
        return Number(value);
      default:
        return value;
    }
  }
}

type FieldKind =
  | "timestamp"
  | "duration"
  | "wrapper"
  | "message"
  | "nullValue"
  | "enum"
  | "bytes"
  | "double"
  | "scalar";

/**
 * How a field converts, worked out once per field: protobufjs builds `fullName` anew on every
 * read, which made the name checks the costliest part of converting a large change.
 */
const kinds = new WeakMap<protobuf.Field, FieldKind>();

function kindOf(field: protobuf.Field): FieldKind {
  let kind = kinds.get(field);
  if (kind === undefined) kinds.set(field, (kind = classify(field)));
  return kind;
}

function classify(field: protobuf.Field): FieldKind {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    const fullName = resolved.fullName;
    if (fullName === ".google.protobuf.Timestamp") return "timestamp";
    if (fullName === ".google.protobuf.Duration") return "duration";
    if (WRAPPERS.has(fullName)) return "wrapper";
    return "message";
  }
  if (resolved instanceof protobuf.Enum) {
    return resolved.fullName === ".google.protobuf.NullValue" ? "nullValue" : "enum";
  }
  if (field.type === "bytes") return "bytes";
  if (field.type === "double" || field.type === "float") return "double";
  return "scalar";
}

const isNullValueField = (field: protobuf.Field): boolean => kindOf(field) === "nullValue";

function wrapperToJson(type: protobuf.Type, value: unknown): Json {
  const inner = isObject(value) ? value.value : undefined;
  const valueField = type.fields.value!;
  if (inner === undefined || inner === null) {
    // proto3 omits defaults inside the wrapper; the wrapper's presence means "set to default".
    if (valueField.type === "string") return "";
    if (valueField.type === "bool") return false;
    if (valueField.type === "bytes") return "";
    if (valueField.type === "int64" || valueField.type === "uint64") return "0";
    return 0;
  }
  return valueField.type === "bytes" ? bytesToBase64(inner) : inner;
}

function wrapperValueFromJson(type: protobuf.Type, value: unknown): unknown {
  const valueField = type.fields.value!;
  if (valueField.type === "bytes") return base64ToBytes(value);
  if (valueField.type === "int64" || valueField.type === "uint64") return String(value);
  return value;
}

function bytesToBase64(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  return "";
}

function base64ToBytes(value: unknown): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value);
  // Accept both base64 alphabets (REST clients may send URL-safe tokens).
  return Buffer.from(String(value ?? ""), "base64");
}

const toInteger = (value: unknown): number => (value === undefined ? 0 : Number(value));

/** {seconds, nanos} → "2024-01-02T03:04:05.123456789Z" with 0, 3, 6 or 9 fractional digits. */
export function timestampToJson(value: unknown): string {
  const message = isObject(value) ? value : {};
  const seconds = toInteger(message.seconds);
  const nanos = toInteger(message.nanos);
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${base}${fraction(nanos)}Z`;
}

function fraction(nanos: number): string {
  if (nanos === 0) return "";
  const digits = String(nanos).padStart(9, "0");
  if (nanos % 1_000_000 === 0) return `.${digits.slice(0, 3)}`;
  if (nanos % 1_000 === 0) return `.${digits.slice(0, 6)}`;
  return `.${digits}`;
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

/** RFC 3339 string (any offset, up to 9 fractional digits) → {seconds, nanos}. */
export function timestampFromJson(value: unknown): { seconds: string; nanos: number } {
  if (isObject(value)) {
    return { seconds: String(value.seconds ?? 0), nanos: toInteger(value.nanos) };
  }
  const match = RFC3339.exec(String(value));
  if (!match) throw new TypeError(`Invalid RFC 3339 timestamp: ${String(value)}`);
  const millis = Date.parse(`${match[1]}${match[3]!.toUpperCase()}`);
  if (Number.isNaN(millis)) throw new TypeError(`Invalid RFC 3339 timestamp: ${String(value)}`);
  return {
    seconds: String(Math.floor(millis / 1000)),
    nanos: Number((match[2] ?? "").padEnd(9, "0")),
  };
}

export function durationToJson(value: unknown): string {
  const message = isObject(value) ? value : {};
  const seconds = toInteger(message.seconds);
  const nanos = toInteger(message.nanos);
  if (nanos === 0) return `${seconds}s`;
  const negative = seconds < 0 || nanos < 0;
  const digits = String(Math.abs(nanos)).padStart(9, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${Math.abs(seconds)}.${digits}s`;
}

export function durationFromJson(value: unknown): { seconds: string; nanos: number } {
  if (isObject(value))
    return { seconds: String(value.seconds ?? 0), nanos: toInteger(value.nanos) };
  const match = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(String(value));
  if (!match) throw new TypeError(`Invalid duration: ${String(value)}`);
  const sign = match[1] ? -1 : 1;
  return {
    seconds: String(sign * Number(match[2])),
    nanos: sign * Number((match[3] ?? "").padEnd(9, "0")),
  };
}
