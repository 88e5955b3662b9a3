/**
 * What the console's server sends its page (routes.ts → stack/console/src): the JSON shapes both
 * sides are written against. Types only, free of Node, so the page imports them as they are.
 */
export type { RulesDecisionRecord } from "@platform/emulators/rules-decisions";

export interface ConsoleObject {
  name: string;
  size: number;
  contentType?: string;
  updated?: string;
  timeCreated?: string;
  md5Hash?: string;
  metadata?: Record<string, string>;
  [key: string]: unknown;
}

export interface FolderListing {
  /** Sub-folders, each ending with "/". */
  folders: string[];
  objects: ConsoleObject[];
  nextPageToken?: string;
}

/** `GET /api/storage/list`: a folder level of the bucket. */
export type BucketListing = FolderListing & { bucket: string };

export interface ConsoleUser {
  uid: string;
  email?: string;
  displayName?: string;
  emailVerified: boolean;
  disabled: boolean;
  /** Custom claims (roles); {} when none. */
  claims: Record<string, unknown>;
  createdAt?: string;
  lastLoginAt?: string;
}
