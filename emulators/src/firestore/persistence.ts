/**
 * Export/import of all databases as readable JSON, one file per database. Files are written to a
 * temporary name and renamed so an interrupted export never leaves a truncated file behind.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Value } from "../shared/value.js";
import type { StoredDocument } from "./document-store.js";
import { decodeFields, encodeFields } from "./value-codec.js";
import type { DatabaseId } from "./resource-names.js";

const FORMAT = "firestore-emulator-export";
const SUFFIX = ".firestore.json";

interface ExportFile {
  format: typeof FORMAT;
  version: 1;
  project: string;
  database: string;
  documents: { path: string; createTime: string; updateTime: string; fields: unknown }[];
}

export interface DatabaseSnapshot extends DatabaseId {
  documents: StoredDocument[];
}

function fileName(db: DatabaseId): string {
  return `${encodeURIComponent(db.project)}~${encodeURIComponent(db.database)}${SUFFIX}`;
}

export async function writeExport(dir: string, databases: DatabaseSnapshot[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const written = new Set<string>();
  for (const db of databases) {
    const body: ExportFile = {
      format: FORMAT,
      version: 1,
      project: db.project,
      database: db.database,
      documents: db.documents
        .map((d) => ({
          path: d.path,
          createTime: d.createTime,
          updateTime: d.updateTime,
          fields: encodeFields(d.fields),
        }))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    };
    const name = fileName(db);
    const tmp = join(dir, `.${name}.${process.pid}.${Date.now()}.tmp`);
    await writeFile(tmp, JSON.stringify(body, null, 1));
    await rename(tmp, join(dir, name));
    written.add(name);
  }
  // Databases that no longer exist must not come back on the next import.
  for (const entry of await readdir(dir)) {
    if (entry.endsWith(SUFFIX) && !written.has(entry)) await rm(join(dir, entry), { force: true });
  }
}

export async function readExport(dir: string): Promise<DatabaseSnapshot[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
  const result: DatabaseSnapshot[] = [];
  for (const entry of entries.filter((e) => e.endsWith(SUFFIX)).sort()) {
    const body = JSON.parse(await readFile(join(dir, entry), "utf8")) as ExportFile;
    if (body.format !== FORMAT) throw new Error(`${entry}: not a Firestore emulator export.`);
    result.push({
      project: body.project,
      database: body.database,
      documents: body.documents.map((d) => ({
        path: d.path,
        createTime: d.createTime,
        updateTime: d.updateTime,
        fields: decodeFields(d.fields) as Record<string, Value>,
      })),
    });
  }
  return result;
}
