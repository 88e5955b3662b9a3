/**
 * In-memory documents of one database, indexed by parent collection so that a query reads only
 * its own collection (and a collection-group query only collections with that id).
 */
import type { Value } from "../shared/value.js";
import { compareUtf8 } from "./values.js";
import { splitDocumentPath } from "./resource-names.js";

export interface StoredDocument {
  path: string; // "users/u1/posts/p1"
  fields: Record<string, Value>;
  createTime: string;
  updateTime: string;
}

/** Where queries and reads find documents: the live store or a view at an earlier time. */
export interface DocumentSource {
  get(path: string): StoredDocument | undefined;
  collection(path: string): Iterable<StoredDocument>;
  collectionGroup(parent: string, collectionId: string): Iterable<StoredDocument>;
}

export class DatabaseStore implements DocumentSource {
  /** collection path → document id → document. Empty collections are removed. */
  private readonly collections = new Map<string, Map<string, StoredDocument>>();
  /** collection id → paths of the non-empty collections with that id. */
  private readonly byCollectionId = new Map<string, Set<string>>();

  get(path: string): StoredDocument | undefined {
    const [collection, id] = splitDocumentPath(path);
    return this.collections.get(collection)?.get(id);
  }

  put(doc: StoredDocument): void {
    const [collection, id] = splitDocumentPath(doc.path);
    let docs = this.collections.get(collection);
    if (!docs) {
      docs = new Map();
      this.collections.set(collection, docs);
      const collectionId = collection.slice(collection.lastIndexOf("/") + 1);
      let paths = this.byCollectionId.get(collectionId);
      if (!paths) this.byCollectionId.set(collectionId, (paths = new Set()));
      paths.add(collection);
    }
    docs.set(id, doc);
  }

  delete(path: string): void {
    const [collection, id] = splitDocumentPath(path);
    const docs = this.collections.get(collection);
    if (!docs?.delete(id) || docs.size > 0) return;
    this.collections.delete(collection);
    const collectionId = collection.slice(collection.lastIndexOf("/") + 1);
    const paths = this.byCollectionId.get(collectionId);
    paths?.delete(collection);
    if (paths?.size === 0) this.byCollectionId.delete(collectionId);
  }

  /** Documents directly in a collection. */
  collection(path: string): Iterable<StoredDocument> {
    return this.collections.get(path)?.values() ?? [];
  }

  /**
   * Documents of every collection with this id below `parent` ("" = whole database). An empty
   * collection id (a "kindless" query) means every collection below `parent`.
   */
  *collectionGroup(parent: string, collectionId: string): Iterable<StoredDocument> {
    const paths =
      collectionId === "" ? this.collections.keys() : (this.byCollectionId.get(collectionId) ?? []);
    for (const path of paths) {
      if (parent === "" || path.startsWith(parent + "/")) yield* this.collection(path);
    }
  }

  /** Ids of the collections directly below a document ("" = root) that contain documents at any depth. */
  childCollectionIds(parent: string): string[] {
    const prefix = parent === "" ? "" : parent + "/";
    const ids = new Set<string>();
    for (const path of this.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      ids.add(path.slice(prefix.length).split("/")[0]!);
    }
    return [...ids].sort(compareUtf8);
  }

  /** Ids of documents in a collection that do not exist but have subcollections with documents. */
  missingDocumentIds(collection: string): string[] {
    const prefix = collection + "/";
    const ids = new Set<string>();
    const present = this.collections.get(collection);
    for (const path of this.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      const id = path.slice(prefix.length).split("/")[0]!;
      if (!present?.has(id)) ids.add(id);
    }
    return [...ids];
  }

  *all(): Iterable<StoredDocument> {
    for (const docs of this.collections.values()) yield* docs.values();
  }

  get size(): number {
    let n = 0;
    for (const docs of this.collections.values()) n += docs.size;
    return n;
  }
}
