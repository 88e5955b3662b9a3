import { messages, type ImageDto } from "@platform/common";
import { contract } from "../../lib/api/endpoints";
import { api } from "../../lib/api/index";
import { ApiError, messageOf } from "../../lib/api/errors";
import { getStorageSdk } from "../../lib/firebase";
import { NO_PHOTO_TO_DELETE, photoDeleteOutcome, photoObjectName } from "./rules";

/**
 * Sends the photo straight to Cloud Storage (users/{uid}/profile/…), reporting progress from 0 to
 * 100, then records it through the API, which makes it the profile photo.
 */
export async function uploadProfilePhoto(
  uid: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const [storage, { ref, uploadBytesResumable }] = await Promise.all([
    getStorageSdk(),
    import("firebase/storage"),
  ]);
  const path = `users/${uid}/profile/${photoObjectName(file.name, Date.now())}`;
  const task = uploadBytesResumable(ref(storage, path), file, { contentType: file.type });
  await new Promise<void>((resolve, reject) => {
    task.on(
      "state_changed",
      (snap) =>
        onProgress(Math.round((snap.bytesTransferred / Math.max(snap.totalBytes, 1)) * 100)),
      reject,
      () => resolve(),
    );
  });
  await api.call(contract.images.record, {
    body: { relatedId: uid, relatedType: "User", imageType: "Profile", path },
  });
}

/**
 * Deletes the profile photo; a photo already gone (404) counts as deleted, no recorded photo at all
 * is said so. Every outcome is a text to show.
 */
export async function deleteProfilePhoto(uid: string): Promise<{ ok: boolean; message: string }> {
  let images: ImageDto[];
  try {
    const res = await api.call(
      contract.images.ofOwner,
      { params: { relatedId: uid } },
      { errorEvent: false },
    );
    images = res.data ?? [];
  } catch (err) {
    return { ok: false, message: messageOf(err, messages.images.fetchFailed) };
  }
  const image = images.find((i) => i.imageType === "Profile") ?? images[0];
  if (!image) return NO_PHOTO_TO_DELETE;
  try {
    await api.call(contract.images.remove, { params: { imageId: image._id } });
    return photoDeleteOutcome(200);
  } catch (err) {
    if (err instanceof ApiError) return photoDeleteOutcome(err.noResponse ? 0 : err.status);
    throw err;
  }
}
