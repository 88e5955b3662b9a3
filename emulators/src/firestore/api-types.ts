/** Request and response shapes of the Firestore v1 API (REST JSON), values in canonical form. */
import type { FirestoreDocument, Value } from "../shared/value.js";
import type { AggregationJson } from "./aggregation.js";
import type { StructuredQueryJson } from "./query.js";
import type { FieldTransform } from "./transforms.js";
import type { TransactionOptions } from "./transactions.js";

export type {
  FirestoreDocument,
  Value,
  StructuredQueryJson,
  AggregationJson,
  FieldTransform,
  TransactionOptions,
};

export interface Precondition {
  exists?: boolean;
  updateTime?: string;
}

export interface DocumentMask {
  fieldPaths?: string[];
}

/** A document as clients send it: name optional, fields may be omitted. */
export interface DocumentInput {
  name?: string;
  fields?: Record<string, Value>;
  createTime?: string;
  updateTime?: string;
}

export interface Write {
  update?: DocumentInput;
  delete?: string;
  /** Only checks `currentDocument` (transactions verify documents they read but don't write). */
  verify?: string;
  /** Deprecated transform-only write. */
  transform?: { document: string; fieldTransforms?: FieldTransform[] };
  updateMask?: DocumentMask;
  updateTransforms?: FieldTransform[];
  currentDocument?: Precondition;
}

export interface WriteResult {
  updateTime?: string;
  transformResults?: Value[];
}

export interface CommitRequest {
  writes?: Write[];
  transaction?: string;
}

export interface CommitResponse {
  writeResults: WriteResult[];
  commitTime: string;
}

export interface ReadConsistency {
  transaction?: string;
  newTransaction?: TransactionOptions;
  readTime?: string;
}

export interface BatchGetDocumentsRequest extends ReadConsistency {
  documents?: string[];
  mask?: DocumentMask;
}

export interface BatchGetDocumentsResponse {
  found?: FirestoreDocument;
  missing?: string;
  transaction?: string;
  readTime: string;
}

export interface BeginTransactionRequest {
  options?: TransactionOptions;
}

export interface RollbackRequest {
  transaction?: string;
}

export interface RunQueryRequest extends ReadConsistency {
  structuredQuery?: StructuredQueryJson;
}

export interface RunQueryResponse {
  transaction?: string;
  document?: FirestoreDocument;
  readTime: string;
  skippedResults?: number;
}

export interface RunAggregationQueryRequest extends ReadConsistency {
  structuredAggregationQuery?: {
    structuredQuery?: StructuredQueryJson;
    aggregations?: AggregationJson[];
  };
}

export interface RunAggregationQueryResponse {
  result?: { aggregateFields: Record<string, Value> };
  transaction?: string;
  readTime: string;
}

export interface BatchWriteRequest {
  writes?: Write[];
  labels?: Record<string, string>;
}

export interface Status {
  code?: number;
  message?: string;
}

export interface BatchWriteResponse {
  writeResults: WriteResult[];
  status: Status[];
}

export interface ListCollectionIdsRequest {
  pageSize?: number;
  pageToken?: string;
}

export interface ListDocumentsOptions {
  pageSize?: number;
  pageToken?: string;
  orderBy?: string;
  mask?: string[];
  showMissing?: boolean;
  transaction?: string;
  readTime?: string;
}
