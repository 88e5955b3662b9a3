// Page script for the headless-browser Firestore test, bundled with esbuild at test time: the full
// firebase/firestore (WebChannel) talking to the emulator cross-origin (another port). Snapshots and
// errors are recorded with the page's clock in `window.events[name]` for the Node side to await.
import { deleteApp, initializeApp } from "firebase/app";
import {
  collection,
  connectFirestoreEmulator,
  doc,
  initializeFirestore,
  onSnapshot,
  query,
  setDoc,
  setLogLevel,
  terminate,
  updateDoc,
  where,
} from "firebase/firestore";

setLogLevel("silent"); // denied targets are logged by the SDK; the test asserts them

let app;
let db;
const unsubscribes = [];
window.events = {};

function record(name, event) {
  (window.events[name] ??= []).push({ ...event, at: Date.now() });
}

/** mode: "streaming" (auto-detection off), "long-polling" (forced) or "auto" (the SDK default). */
window.openFirestore = ({ host, port, projectId, uid, mode }) => {
  app = initializeApp({ projectId, apiKey: "fake-api-key" }, `browser-${mode}`);
  const settings =
    mode === "long-polling"
      ? { experimentalForceLongPolling: true }
      : mode === "streaming"
        ? { experimentalAutoDetectLongPolling: false }
        : {};
  db = initializeFirestore(app, settings);
  connectFirestoreEmulator(db, host, port, { mockUserToken: { user_id: uid } });
};

function observer(name) {
  return {
    next: (snap) =>
      record(name, {
        kind: "snapshot",
        fromCache: snap.metadata.fromCache,
        pending: snap.metadata.hasPendingWrites,
        data: "docs" in snap ? snap.docs.map((d) => ({ id: d.id, ...d.data() })) : snap.data(),
      }),
    error: (e) => record(name, { kind: "error", code: e.code }),
  };
}

window.listenDoc = (name, path) => {
  unsubscribes.push(onSnapshot(doc(db, path), { includeMetadataChanges: true }, observer(name)));
};

window.listenQuery = (name, collectionPath, field, value) => {
  const q = query(collection(db, collectionPath), where(field, "==", value));
  unsubscribes.push(onSnapshot(q, { includeMetadataChanges: true }, observer(name)));
};

/** Resolves once the server acknowledged the write; failures come back as their code. */
async function outcome(promise) {
  try {
    await promise;
    return "ok";
  } catch (e) {
    return e.code ?? String(e);
  }
}

window.setDocument = (path, data) => outcome(setDoc(doc(db, path), data));
window.updateDocument = (path, data) => outcome(updateDoc(doc(db, path), data));

window.closeFirestore = async () => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  await terminate(db);
  await deleteApp(app);
};
