/**
 * Field paths as the API writes them: segments joined by ".", a segment that is not a simple
 * identifier is quoted with backticks ("a.`b.c`.d", "`it``s`" is not used; "\`" escapes).
 */
import type { Value } from "../shared/value.js";
import { invalidArgument } from "./errors.js";

export type FieldPath = string[];

export function parseFieldPath(text: string): FieldPath {
  if (text === "") throw invalidArgument("Field path cannot be empty.");
  const segments: string[] = [];
  let i = 0;
  while (i <= text.length) {
    let segment = "";
    if (text[i] === "`") {
      i++;
      let closed = false;
      while (i < text.length) {
        const c = text[i]!;
        if (c === "\\" && i + 1 < text.length) {
          segment += text[i + 1];
          i += 2;
        } else if (c === "`") {
          closed = true;
          i++;
          break;
        } else {
          segment += c;
          i++;
        }
      }
      if (!closed) throw invalidArgument(`Invalid field path: ${text}. Unterminated backtick.`);
    } else {
      while (i < text.length && text[i] !== ".") {
        if (text[i] === "`") throw invalidArgument(`Invalid field path: ${text}.`);
        segment += text[i];
        i++;
      }
    }
    if (segment === "") throw invalidArgument(`Invalid field path: ${text}. Empty segment.`);
    segments.push(segment);
    if (i >= text.length) break;
    if (text[i] !== ".") throw invalidArgument(`Invalid field path: ${text}.`);
    i++;
    if (i === text.length) throw invalidArgument(`Invalid field path: ${text}. Empty segment.`);
  }
  return segments;
}

const SIMPLE = /^[A-Za-z_][A-Za-z_0-9]*$/;

export function formatFieldPath(path: FieldPath): string {
  return path
    .map((s) => (SIMPLE.test(s) ? s : "`" + s.replace(/\\/g, "\\\\").replace(/`/g, "\\`") + "`"))
    .join(".");
}

export function getField(fields: Record<string, Value>, path: FieldPath): Value | undefined {
  let current: Record<string, Value> | undefined = fields;
  for (let i = 0; i < path.length; i++) {
    const value: Value | undefined = current?.[path[i]!];
    if (value === undefined || !Object.hasOwn(current!, path[i]!)) return undefined;
    if (i === path.length - 1) return value;
    if (!("mapValue" in value)) return undefined;
    current = value.mapValue.fields ?? {};
  }
  return undefined;
}

/** Sets a field, creating (or replacing non-map values with) intermediate maps. */
export function setField(fields: Record<string, Value>, path: FieldPath, value: Value): void {
  let current = fields;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    let next = current[key];
    if (!next || !("mapValue" in next)) {
      next = { mapValue: { fields: {} } };
      current[key] = next;
    }
    next.mapValue.fields ??= {};
    current = next.mapValue.fields;
  }
  current[path[path.length - 1]!] = value;
}

export function deleteField(fields: Record<string, Value>, path: FieldPath): void {
  let current: Record<string, Value> | undefined = fields;
  for (let i = 0; i < path.length - 1; i++) {
    const next: Value | undefined = current[path[i]!];
    if (!next || !("mapValue" in next) || !next.mapValue.fields) return;
    current = next.mapValue.fields;
  }
  delete current[path[path.length - 1]!];
}

export function isPrefixOf(prefix: FieldPath, path: FieldPath): boolean {
  return prefix.length <= path.length && prefix.every((s, i) => s === path[i]);
}

/** Keeps only the given field paths (a document mask / projection). */
export function applyMask(
  fields: Record<string, Value>,
  paths: FieldPath[],
): Record<string, Value> {
  const result: Record<string, Value> = {};
  for (const path of paths) {
    const value = getField(fields, path);
    if (value !== undefined) setField(result, path, structuredClone(value));
  }
  return result;
}
