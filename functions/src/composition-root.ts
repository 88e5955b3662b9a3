/**
 * The production wiring of the services: firebase-admin's Firestore, Auth and Storage of the
 * configured project, the system clock and the Firestore mail outbox. Every part is built on first
 * use, so importing a service (a script, a test) initialises nothing.
 */
import { configuredToolkit } from "./infra/identity.js";
import { firestoreOutbox } from "./infra/mail.js";
import { adminAuth, bucket, db } from "./firebase.js";
import type { Clock, ServiceDeps } from "./services/deps.js";

export const systemClock: Clock = { now: () => new Date() };

let production: ServiceDeps | undefined;

export function productionDeps(): ServiceDeps {
  production ??= {
    get db() {
      return db();
    },
    get auth() {
      return adminAuth();
    },
    get identity() {
      return configuredToolkit();
    },
    clock: systemClock,
    get mail() {
      return firestoreOutbox(db());
    },
    get bucket() {
      return bucket();
    },
  };
  return production;
}
