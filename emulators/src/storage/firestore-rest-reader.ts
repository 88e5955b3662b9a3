/**
 * A RulesDocumentReader that reads documents from a Firestore emulator over its REST API, for
 * `firestore.get()` / `firestore.exists()` in storage.rules when the Storage emulator runs in its
 * own process (CLI `--firestore host:port`). In-process setups pass a reader on the engine instead.
 */
import type { RulesDocumentReader } from "../rules/api.js";
import type { FirestoreDocument, Value } from "../shared/value.js";

export function firestoreRestReader(opts: {
  /** "127.0.0.1:8080" */
  host: string;
  projectId: string;
}): RulesDocumentReader {
  const base = `http://${opts.host}/v1/projects/${encodeURIComponent(opts.projectId)}`;
  return {
    async get(path: string): Promise<FirestoreDocument | null> {
      // Rules paths look like "/databases/(default)/documents/teams/t1".
      const encoded = path
        .split("/")
        .map((segment) => encodeURIComponent(segment))
        .join("/");
      const response = await fetch(`${base}${encoded}`, {
        headers: { Authorization: "Bearer owner" },
      });
      if (response.status === 404) return null;
      if (!response.ok) {
        throw new Error(`Firestore emulator answered ${response.status} for ${path}`);
      }
      const doc = (await response.json()) as FirestoreDocument;
      return {
        name: doc.name,
        fields: normalizeFields(doc.fields ?? {}),
        ...(doc.createTime ? { createTime: doc.createTime } : {}),
        ...(doc.updateTime ? { updateTime: doc.updateTime } : {}),
      };
    },
  };
}

/** REST sends NaN/±Infinity doubles as strings; the shared value form wants numbers. */
function normalizeFields(fields: Record<string, Value>): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = normalizeValue(value);
  return out;
}

function normalizeValue(value: Value): Value {
  if ("doubleValue" in value && typeof value.doubleValue === "string") {
    return { doubleValue: Number(value.doubleValue) };
  }
  if ("arrayValue" in value) {
    return { arrayValue: { values: (value.arrayValue.values ?? []).map(normalizeValue) } };
  }
  if ("mapValue" in value) {
    return { mapValue: { fields: normalizeFields(value.mapValue.fields ?? {}) } };
  }
  return value;
}
