/**
 * The contract of the security-rules engine shared by the Firestore and Storage emulators.
 * One engine loads `firestore.rules` (service cloud.firestore) and `storage.rules`
 * (service firebase.storage); the emulators build a request description and ask for a decision.
 */
import type { FirestoreDocument } from "../shared/value.js";

export type RulesService = "cloud.firestore" | "firebase.storage";
export type RulesMethod = "get" | "list" | "create" | "update" | "delete";

/** `request.auth`: uid plus the decoded (unverified) ID-token claims as plain JSON. */
export interface RulesAuth {
  uid: string;
  token: Record<string, unknown>;
}

/**
 * Document reads the rules make through get()/exists() (Firestore) or firestore.get()/
 * firestore.exists() (Storage). Paths are as written in rules:
 * "/databases/(default)/documents/users/u1". `null` = no such document.
 */
export interface RulesDocumentReader {
  get(path: string): Promise<FirestoreDocument | null>;
}

export interface FirestoreRulesRequest {
  service: "cloud.firestore";
  method: RulesMethod;
  database: string; // "(default)"
  /** Path of the document below `documents/`, e.g. "users/u1" (for list: each candidate document). */
  documentPath: string;
  auth: RulesAuth | null;
  time: Date;
  /** The stored document (get, list, update, delete); null when it does not exist. */
  resource: FirestoreDocument | null;
  /** The document as it would be after the write (create, update); null otherwise. */
  requestResource: FirestoreDocument | null;
  /** `request.query` for list requests. */
  query?: { limit?: number; offset?: number; orderBy?: Record<string, "ASC" | "DESC"> };
  /** get()/exists() read the committed state; getAfter()/existsAfter() the state after the write. */
  reader: RulesDocumentReader;
  readerAfter?: RulesDocumentReader;
  /**
   * Shared count of document accesses across the rules evaluations of one client request.
   * The documented limits: 10 for a single-document request or query, 20 for a batch/transaction.
   */
  accessBudget?: { used: number; limit: number };
}

/** Metadata of a Cloud Storage object as `resource` / `request.resource` expose it. */
export interface StorageObjectMetadata {
  name: string; // object path inside the bucket, "users/u1/photo.jpg"
  bucket: string;
  size: number;
  contentType?: string;
  metadata?: Record<string, string>;
  generation?: string;
  metageneration?: string;
  md5Hash?: string;
  crc32c?: string;
  etag?: string;
  timeCreated?: string;
  updated?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  cacheControl?: string;
}

export interface StorageRulesRequest {
  service: "firebase.storage";
  method: RulesMethod;
  bucket: string;
  /** Object path inside the bucket ("users/u1/photo.jpg"); for list, the prefix being listed. */
  objectPath: string;
  auth: RulesAuth | null;
  time: Date;
  resource: StorageObjectMetadata | null;
  requestResource: StorageObjectMetadata | null;
  /** Backs firestore.get()/firestore.exists() in storage.rules (cross-service rules). */
  firestore?: RulesDocumentReader;
}

export type RulesRequest = FirestoreRulesRequest | StorageRulesRequest;

export interface RulesDecision {
  allowed: boolean;
  /** Human-readable explanation for logs and error messages (which rule matched, what failed). */
  reason: string;
  /**
   * The allow statements behind the decision: the one that granted an allowed request, every one
   * that was tried and failed for a denied one (empty when none matched the path).
   */
  rules?: RuleReference[];
}

/** An allow statement of a rules file, as a decision reports it. */
export interface RuleReference {
  file: string;
  line: number;
  /** The source line of the statement, trimmed. */
  text: string;
  /** The pattern of its match block, e.g. "/users/{userId}". */
  match: string;
  /** Why it did not grant the request (absent for the granting statement). */
  failure?: string;
}

export interface CompiledRules {
  readonly service: RulesService;
  readonly fileName: string;
  evaluate(request: RulesRequest): Promise<RulesDecision>;
}

/** Thrown when a rules file cannot be loaded: a syntax error or a construct the engine does not know. */
export class RulesLoadError extends Error {
  constructor(
    readonly fileName: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${fileName}:${line}:${column}: ${detail}`);
    this.name = "RulesLoadError";
  }
}
