// Page script for the headless-browser storage test, bundled with esbuild at test time. It talks
// to the emulator cross-origin (other port), so CORS preflights and exposed headers are exercised.
import { initializeApp } from "firebase/app";
import {
  connectStorageEmulator,
  getBlob,
  getDownloadURL,
  getStorage,
  ref,
  uploadBytes,
  uploadBytesResumable,
} from "firebase/storage";

function storageFor({ host, port, uid }) {
  const app = initializeApp(
    {
      projectId: "demo-storage",
      storageBucket: "demo-storage.appspot.com",
      apiKey: "fake-api-key",
    },
    `browser-${Math.random()}`,
  );
  const storage = getStorage(app);
  connectStorageEmulator(storage, host, port, { mockUserToken: { sub: uid, user_id: uid } });
  return storage;
}

/** The same deterministic bytes the Node side computes to check the upload. */
function patternBytes(size) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >>> 9)) & 0xff;
  return bytes;
}

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

window.resumableUpload = async ({ host, port, uid, path, size }) => {
  const storage = storageFor({ host, port, uid });
  const blob = new Blob([patternBytes(size)], { type: "application/octet-stream" });
  const task = uploadBytesResumable(ref(storage, path), blob, {
    customMetadata: { from: "browser" },
  });
  const progress = [];
  const states = new Set();
  task.on("state_changed", (snapshot) => {
    progress.push(snapshot.bytesTransferred);
    states.add(snapshot.state);
  });
  const snapshot = await task;
  const downloaded = await getBlob(ref(storage, path));
  return {
    progress,
    states: [...states],
    totalBytes: snapshot.totalBytes,
    metadataSize: snapshot.metadata.size,
    customMetadata: snapshot.metadata.customMetadata,
    downloadedSize: downloaded.size,
    downloadedSha256: await sha256Hex(await downloaded.arrayBuffer()),
  };
};

window.imageFromDownloadUrl = async ({ host, port, uid, path, pngBase64 }) => {
  const storage = storageFor({ host, port, uid });
  const bytes = Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0));
  await uploadBytes(ref(storage, path), bytes, { contentType: "image/png" });
  const url = await getDownloadURL(ref(storage, path));
  const img = document.createElement("img");
  const loaded = new Promise((resolve, reject) => {
    img.onload = () => resolve(true);
    img.onerror = () => reject(new Error(`image failed to load from ${url}`));
  });
  img.src = url;
  document.body.append(img);
  await loaded;
  return { url, width: img.naturalWidth, height: img.naturalHeight };
};

window.deniedUpload = async ({ host, port, uid, path }) => {
  const storage = storageFor({ host, port, uid });
  try {
    await uploadBytesResumable(ref(storage, path), new Blob([patternBytes(300 * 1024)]));
    return "resolved";
  } catch (error) {
    return error.code;
  }
};
