export { startStorageEmulator } from "./server.js";
export type { StorageEmulator, StorageEmulatorOptions } from "./server.js";
export { firestoreRestReader } from "./firestore-rest-reader.js";
