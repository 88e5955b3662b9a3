import type { FirestoreEngine } from "../firestore/engine.js";
import type { RulesDocumentReader } from "../rules/api.js";
import { ADMIN } from "../shared/auth.js";

/**
 * Lets storage.rules read Firestore documents (firestore.get/exists) straight from the engine
 * running in the same process, as the official emulators do through their hub.
 */
export function firestoreDocumentReader(
  engine: FirestoreEngine,
  projectId: string,
): RulesDocumentReader {
  return {
    async get(path) {
      // Rules write "/databases/(default)/documents/users/u1".
      const name = `projects/${projectId}${path.startsWith("/") ? path : `/${path}`}`;
      try {
        return await engine.getDocument(name, {}, ADMIN);
      } catch (err) {
        if ((err as { code?: string }).code === "NOT_FOUND") return null;
        throw err;
      }
    },
  };
}
