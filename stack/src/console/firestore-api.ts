/**
 * The console's Firestore access: the emulator's REST API with the admin token ("Bearer owner"),
 * so it works against any emulator instance. Values stay in the REST wire form
 * ({"stringValue": "…"}), which keeps every type (integer vs double, references, geo points)
 * exact through the typed editor.
 */
import { ConsoleError, callJson } from "./http.js";

export type WireValue = Record<string, unknown>;
export type WireFields = Record<string, WireValue>;

export interface ConsoleDocument {
  path: string;
  id: string;
  fields: WireFields;
  createTime?: string;
  updateTime?: string;
  /** A document that does not exist but has subcollections. */
  missing?: boolean;
}

export interface DocumentPage {
  documents: ConsoleDocument[];
  nextPageToken?: string;
}

export const FILTER_OPERATORS = {
  "==": "EQUAL",
  "!=": "NOT_EQUAL",
  "<": "LESS_THAN",
  "<=": "LESS_THAN_OR_EQUAL",
  ">": "GREATER_THAN",
  ">=": "GREATER_THAN_OR_EQUAL",
  "array-contains": "ARRAY_CONTAINS",
} as const;
export type FilterOperator = keyof typeof FILTER_OPERATORS;

export interface FieldFilter {
  field: string;
  op: FilterOperator;
  value: WireValue;
}

interface RestDocument {
  name: string;
  fields?: WireFields;
  createTime?: string;
  updateTime?: string;
}

const MAX_PAGE = 300;
const COMMIT_BATCH = 500;

/** Checks a slash-separated path: `documents` wants an even number of segments, collections odd. */
export function checkPath(path: string, kind: "document" | "collection" | "parent"): string[] {
  const segments = path.split("/").filter((s) => s !== "");
  const even = segments.length % 2 === 0;
  const ok = kind === "collection" ? !even : even && (kind === "parent" || segments.length > 0);
  if (!ok) throw new ConsoleError(400, `"${path}" is not a ${kind} path.`);
  return segments;
}

export class FirestoreConsoleApi {
  private readonly root: string;
  private readonly headers = { Authorization: "Bearer owner", "Content-Type": "application/json" };

  constructor(
    private readonly baseUrl: string,
    private readonly projectId: string,
    private readonly database = "(default)",
  ) {
    this.root = `projects/${projectId}/databases/${database}/documents`;
  }

  private url(segments: string[], suffix = ""): string {
    const encoded = segments.map(encodeURIComponent).join("/");
    return `${this.baseUrl}/v1/${this.root}${encoded ? `/${encoded}` : ""}${suffix}`;
  }

  private toDocument(doc: RestDocument): ConsoleDocument {
    const path = doc.name.slice(this.root.length + 1);
    return {
      path,
      id: path.split("/").at(-1)!,
      fields: doc.fields ?? {},
      ...(doc.createTime ? { createTime: doc.createTime, updateTime: doc.updateTime } : {}),
    };
  }

  /** Collection ids at the root (parent "") or below a document. */
  async listCollections(parent: string): Promise<string[]> {
    const segments = checkPath(parent, "parent");
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await callJson<{ collectionIds?: string[]; nextPageToken?: string }>(
        this.url(segments, ":listCollectionIds"),
        {
          method: "POST",
          headers: this.headers,
          body: JSON.stringify({ pageSize: 1000, ...(pageToken ? { pageToken } : {}) }),
        },
      );
      ids.push(...(page.collectionIds ?? []));
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    return ids.sort();
  }

  /** One page of a collection, optionally filtered by a field; never the whole collection. */
  async listDocuments(
    collection: string,
    opts: { pageSize: number; pageToken?: string; filter?: FieldFilter },
  ): Promise<DocumentPage> {
    const segments = checkPath(collection, "collection");
    const pageSize = Math.max(1, Math.min(MAX_PAGE, Math.trunc(opts.pageSize) || 50));
    if (opts.filter) return this.query(segments, pageSize, opts.pageToken, opts.filter);
    const params = new URLSearchParams({ pageSize: String(pageSize), showMissing: "true" });
    if (opts.pageToken) params.set("pageToken", opts.pageToken);
    const page = await callJson<{ documents?: RestDocument[]; nextPageToken?: string }>(
      `${this.url(segments)}?${params}`,
      { headers: this.headers },
    );
    return {
      documents: (page.documents ?? []).map((d) => ({
        ...this.toDocument(d),
        ...(d.createTime ? {} : { missing: true }),
      })),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    };
  }

  private async query(
    segments: string[],
    pageSize: number,
    pageToken: string | undefined,
    filter: FieldFilter,
  ): Promise<DocumentPage> {
    const offset = pageToken ? Number(pageToken) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw new ConsoleError(400, "Bad page token.");
    const op = FILTER_OPERATORS[filter.op];
    if (!op) throw new ConsoleError(400, `Unknown filter operator "${filter.op}".`);
    const structuredQuery = {
      from: [{ collectionId: segments.at(-1) }],
      where: { fieldFilter: { field: { fieldPath: filter.field }, op, value: filter.value } },
      offset,
      limit: pageSize + 1, // one more tells whether there is a next page
    };
    const rows = await callJson<{ document?: RestDocument }[]>(
      this.url(segments.slice(0, -1), ":runQuery"),
      { method: "POST", headers: this.headers, body: JSON.stringify({ structuredQuery }) },
    );
    const documents = rows.flatMap((r) => (r.document ? [this.toDocument(r.document)] : []));
    return {
      documents: documents.slice(0, pageSize),
      ...(documents.length > pageSize ? { nextPageToken: String(offset + pageSize) } : {}),
    };
  }

  /** The last `limit` documents (by id, descending) whose id starts with `prefix`. */
  async listByIdPrefix(collection: string, prefix: string, limit: number) {
    const segments = checkPath(collection, "collection");
    const ref = (id: string) => ({ referenceValue: `${this.root}/${collection}/${id}` });
    const range = (op: string, id: string) => ({
      fieldFilter: { field: { fieldPath: "__name__" }, op, value: ref(id) },
    });
    const structuredQuery = {
      from: [{ collectionId: segments.at(-1) }],
      where: {
        compositeFilter: {
          op: "AND",
          filters: [range("GREATER_THAN_OR_EQUAL", prefix), range("LESS_THAN", `${prefix}\uf8ff`)],
        },
      },
      orderBy: [{ field: { fieldPath: "__name__" }, direction: "DESCENDING" }],
      limit,
    };
    const rows = await callJson<{ document?: RestDocument }[]>(
      this.url(segments.slice(0, -1), ":runQuery"),
      { method: "POST", headers: this.headers, body: JSON.stringify({ structuredQuery }) },
    );
    return rows.flatMap((r) => (r.document ? [this.toDocument(r.document)] : []));
  }

  async getDocument(path: string): Promise<ConsoleDocument | null> {
    const res = await fetch(this.url(checkPath(path, "document")), { headers: this.headers });
    if (res.status === 404) return null;
    if (!res.ok) throw new ConsoleError(res.status, await res.text());
    return this.toDocument((await res.json()) as RestDocument);
  }

  /** Replaces every field of the document (creating it when missing). */
  async setDocument(path: string, fields: WireFields): Promise<ConsoleDocument> {
    const doc = await callJson<RestDocument>(this.url(checkPath(path, "document")), {
      method: "PATCH",
      headers: this.headers,
      body: JSON.stringify({ fields }),
    });
    return this.toDocument(doc);
  }

  /** Adds a document; without an id the emulator picks one. Fails when the id exists. */
  async addDocument(collection: string, id: string | undefined, fields: WireFields) {
    const query = id ? `?documentId=${encodeURIComponent(id)}` : "";
    const doc = await callJson<RestDocument>(
      `${this.url(checkPath(collection, "collection"))}${query}`,
      { method: "POST", headers: this.headers, body: JSON.stringify({ fields }) },
    );
    return this.toDocument(doc);
  }

  async deleteDocument(path: string): Promise<void> {
    await callJson(this.url(checkPath(path, "document")), {
      method: "DELETE",
      headers: this.headers,
    });
  }

  /** Deletes every document of the collection and of their subcollections, page by page. */
  async deleteCollection(collection: string): Promise<number> {
    checkPath(collection, "collection");
    let deleted = 0;
    for (;;) {
      const page = await this.listDocuments(collection, { pageSize: MAX_PAGE });
      if (page.documents.length === 0) return deleted;
      for (const doc of page.documents) {
        for (const sub of await this.listCollections(doc.path)) {
          deleted += await this.deleteCollection(`${doc.path}/${sub}`);
        }
      }
      const existing = page.documents.filter((d) => !d.missing);
      for (let i = 0; i < existing.length; i += COMMIT_BATCH) {
        const writes = existing
          .slice(i, i + COMMIT_BATCH)
          .map((d) => ({ delete: `${this.root}/${d.path}` }));
        await callJson(
          `${this.baseUrl}/v1/projects/${this.projectId}/databases/${this.database}/documents:commit`,
          {
            method: "POST",
            headers: this.headers,
            body: JSON.stringify({ writes }),
          },
        );
      }
      deleted += existing.length;
    }
  }

  /** Every document of the project, through the emulator's own control endpoint. */
  async clearAll(): Promise<void> {
    await callJson(
      `${this.baseUrl}/emulator/v1/projects/${this.projectId}/databases/${this.database}/documents`,
      { method: "DELETE", headers: this.headers },
    );
  }
}
