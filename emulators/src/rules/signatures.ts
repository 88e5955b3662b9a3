/**
 * Names and arities of everything built in, used at load time so that a misspelt function,
 * namespace member or method is reported as a load error instead of silently denying.
 */
import type { RulesService } from "./api.js";

/** Global functions: name → number of arguments. */
export function globalFunctions(service: RulesService): ReadonlyMap<string, number> {
  const common: [string, number][] = [
    ["debug", 1],
    ["string", 1],
    ["int", 1],
    ["float", 1],
    ["bool", 1],
    ["path", 1],
  ];
  const firestore: [string, number][] = [
    ["get", 1],
    ["exists", 1],
    ["getAfter", 1],
    ["existsAfter", 1],
  ];
  return new Map(service === "cloud.firestore" ? [...common, ...firestore] : common);
}

/** Namespace functions: namespace → name → number of arguments. */
export function namespaceFunctions(
  service: RulesService,
): ReadonlyMap<string, ReadonlyMap<string, number>> {
  const namespaces = new Map<string, Map<string, number>>([
    [
      "math",
      new Map([
        ["abs", 1],
        ["ceil", 1],
        ["floor", 1],
        ["round", 1],
        ["sqrt", 1],
        ["pow", 2],
        ["isInfinite", 1],
        ["isNaN", 1],
      ]),
    ],
    [
      "timestamp",
      new Map([
        ["date", 3],
        ["value", 1],
      ]),
    ],
    [
      "duration",
      new Map([
        ["value", 2],
        ["time", 4],
        ["abs", 1],
      ]),
    ],
    ["latlng", new Map([["value", 2]])],
    [
      "hashing",
      new Map([
        ["md5", 1],
        ["sha256", 1],
        ["crc32", 1],
        ["crc32c", 1],
      ]),
    ],
  ]);
  if (service === "firebase.storage") {
    namespaces.set(
      "firestore",
      new Map([
        ["get", 1],
        ["exists", 1],
      ]),
    );
  }
  return namespaces;
}

/** Every method of every type: name → accepted argument counts. */
export const METHOD_ARITIES: ReadonlyMap<string, readonly number[]> = new Map<string, number[]>([
  // string
  ["size", [0]],
  ["matches", [1]],
  ["lower", [0]],
  ["upper", [0]],
  ["trim", [0]],
  ["split", [1]],
  ["replace", [2]],
  ["toUtf8", [0]],
  // list / set
  ["hasAll", [1]],
  ["hasAny", [1]],
  ["hasOnly", [1]],
  ["join", [1]],
  ["concat", [1]],
  ["removeAll", [1]],
  ["toSet", [0]],
  ["union", [1]],
  ["intersection", [1]],
  ["difference", [1]],
  // map / map diff
  ["keys", [0]],
  ["values", [0]],
  ["get", [2]],
  ["diff", [1]],
  ["addedKeys", [0]],
  ["removedKeys", [0]],
  ["changedKeys", [0]],
  ["affectedKeys", [0]],
  ["unchangedKeys", [0]],
  // timestamp / duration
  ["date", [0]],
  ["year", [0]],
  ["month", [0]],
  ["day", [0]],
  ["hours", [0]],
  ["minutes", [0]],
  ["seconds", [0]],
  ["nanos", [0]],
  ["dayOfWeek", [0]],
  ["dayOfYear", [0]],
  ["time", [0]],
  ["toMillis", [0]],
  ["abs", [0]],
  // bytes
  ["toBase64", [0]],
  ["toHexString", [0]],
  // latlng
  ["distance", [1]],
  ["latitude", [0]],
  ["longitude", [0]],
  // path
  ["bind", [1]],
]);
