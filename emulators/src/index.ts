/**
 * Library entry: start the emulators from code (tests, a project's own local-stack script).
 *   const running = await startEmulators({ projectId: "demo-x", firestore: { port: 8080 }, ... });
 * Each emulator can also be started alone; see README.md.
 */
export { startEmulators } from "./lib/start.js";
export type { EmulatorOptions, RunningEmulator, StartEmulatorsOptions } from "./lib/start.js";
export { startFirestoreEmulator } from "./firestore/server.js";
export type { FirestoreEmulatorOptions, RunningFirestoreEmulator } from "./firestore/server.js";
export { startStorageEmulator, firestoreRestReader } from "./storage/index.js";
export type { StorageEmulator, StorageEmulatorOptions } from "./storage/index.js";
export { firestoreDocumentReader } from "./lib/firestore-reader.js";
export { loadRules } from "./rules/index.js";
export type { CompiledRules, RulesDocumentReader } from "./rules/index.js";
