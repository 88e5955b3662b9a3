/**
 * What the services work with, handed to them instead of reached for: Firestore, Firebase Auth
 * (the admin operations and the password/action-code REST API), the clock, the mail outbox and
 * the Storage bucket. Production passes `productionDeps()` (composition-root.ts); the service
 * suites pass the in-process emulators, a fixed clock and a recording outbox.
 */
import type { Auth } from "firebase-admin/auth";
import type { Firestore } from "firebase-admin/firestore";
import type { Bucket } from "@google-cloud/storage";
import type { IdentityToolkit } from "../infra/identity.js";
import type { MailOutbox } from "../infra/mail.js";

/** The firebase-admin Auth operations the services use. */
export type IdentityAdmin = Pick<
  Auth,
  | "getUser"
  | "getUserByEmail"
  | "createUser"
  | "updateUser"
  | "deleteUser"
  | "revokeRefreshTokens"
  | "generateEmailVerificationLink"
  | "generatePasswordResetLink"
  | "verifyIdToken"
  | "createCustomToken"
>;

export interface Clock {
  now(): Date;
}

/** The Storage operations the services use (a firebase-admin bucket has them all). */
export type StorageBucket = Pick<Bucket, "file" | "deleteFiles">;

export interface ServiceDeps {
  db: Firestore;
  auth: IdentityAdmin;
  identity: IdentityToolkit;
  /**
   * Where "now" comes from for whoever calls a service: a request reads it once (endpoint's `now`)
   * and passes the same instant to every service it calls, so one request sees one time.
   */
  clock: Clock;
  mail: MailOutbox;
  bucket: StorageBucket;
}
