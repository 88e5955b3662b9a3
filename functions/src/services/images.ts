/**
 * Profile photos and project images (docs/product-rules.md#photo-rules): stored in Cloud Storage, recorded in `images`,
 * with the path on the user (`photoPath`) or the project (`imagePath`). At most one image per
 * owner and kind: a new one replaces the old.
 */
import { createHash, randomUUID } from "node:crypto";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type ImageDoc,
  type ImageDto,
  canManageProject,
  messages,
  paths,
} from "@platform/common";
import { forbidden, invalid, notFound } from "../domain/errors.js";
import { toIso, ts } from "../infra/firestore.js";
import { sniffImageType } from "../infra/multipart.js";
import { data, projectRef, userRef } from "./refs.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

/** The docs/product-rules.md#photo-rules limits, shared with the web app's checks before an upload. */
export const MAX_IMAGE_BYTES = IMAGE_MAX_BYTES;
const DECLARED_TYPES: readonly string[] = IMAGE_TYPES;

export type RelatedType = "User" | "Project";
export type ImageType = "Profile" | "Logo";

const imageRef = (db: Firestore, id: string) =>
  db.collection(paths.images).doc(id) as DocumentReference<ImageDoc>;

/** May `uid` change the image of this owner? A member their own photo; the manager the project's. */
async function assertMayChange(
  db: Firestore,
  uid: string,
  relatedType: RelatedType,
  relatedId: string,
) {
  if (relatedType === "User") {
    if (relatedId !== uid) throw forbidden(messages.images.notAllowed);
    // An Auth account without a member record (made outside registration) owns no profile.
    if (!(await userRef(db, uid).get()).exists) throw notFound(messages.users.notFound);
    return;
  }
  const [project, user] = await Promise.all([
    projectRef(db, relatedId).get().then(data),
    userRef(db, uid).get().then(data),
  ]);
  if (!project) throw notFound(messages.projects.notFound);
  if (!canManageProject(uid, user?.position?.name, project.managerId)) {
    throw forbidden(messages.projects.managerOnly);
  }
}

function checkKind(relatedType: RelatedType, imageType: ImageType) {
  const expected: ImageType = relatedType === "User" ? "Profile" : "Logo";
  if (imageType !== expected)
    throw invalid(messages.images.imageTypeMismatch(relatedType, expected));
}

/** Storage folder of an owner's images (matches storage.rules). */
export function folderOf(relatedType: RelatedType, relatedId: string): string {
  return relatedType === "User" ? `users/${relatedId}/profile/` : `projects/${relatedId}/image/`;
}

function checkBytes(buffer: Buffer, declared: string | undefined): "image/jpeg" | "image/png" {
  if (buffer.length > MAX_IMAGE_BYTES) throw invalid(messages.images.tooLarge);
  const sniffed = sniffImageType(buffer);
  if (!sniffed || (declared && !DECLARED_TYPES.includes(declared.toLowerCase()))) {
    throw invalid(messages.images.badType);
  }
  return sniffed;
}

async function toDto(
  deps: ServiceDeps,
  id: string,
  img: ImageDoc,
  buffer?: Buffer,
): Promise<ImageDto> {
  const bytes = buffer ?? (await deps.bucket.file(img.path).download())[0];
  const content = bytes.toString("base64");
  return {
    _id: id,
    relatedId: img.relatedId,
    relatedType: img.relatedType,
    imageType: img.imageType,
    contentType: img.contentType,
    size: img.size,
    content,
    dataUrl: `data:${img.contentType};base64,${content}`,
    path: img.path,
    createdAt: toIso(img.createdAt),
  };
}

/** Records an image whose bytes are in Storage at `path`; older images of the owner go away. */
async function record(
  deps: ServiceDeps,
  uid: string,
  meta: { relatedId: string; relatedType: RelatedType; imageType: ImageType },
  path: string,
  contentType: string,
  size: number,
  now: Date,
): Promise<{ id: string; doc: ImageDoc; replaced: string[] }> {
  const { db } = deps;
  const id = randomUUID().replace(/-/g, "");
  const doc: ImageDoc = { ...meta, path, contentType, size, uploadedBy: uid, createdAt: ts(now) };
  const replaced: string[] = [];
  await db.runTransaction(async (tx) => {
    const old = await tx.get(db.collection(paths.images).where("relatedId", "==", meta.relatedId));
    for (const d of old.docs) {
      const o = d.data() as ImageDoc;
      if (o.relatedType === meta.relatedType && o.imageType === meta.imageType) {
        replaced.push(o.path);
        tx.delete(d.ref);
      }
    }
    tx.create(imageRef(db, id), doc);
    if (meta.relatedType === "User")
      tx.update(userRef(db, meta.relatedId), { photoPath: path, updatedAt: ts(now) });
    else tx.update(projectRef(db, meta.relatedId), { imagePath: path, updatedAt: ts(now) });
  });
  await Promise.all(
    replaced
      .filter((p) => p !== path)
      .map((p) => deps.bucket.file(p).delete({ ignoreNotFound: true })),
  );
  return { id, doc, replaced };
}

export async function upload(
  uid: string,
  meta: { relatedId: string; relatedType: RelatedType; imageType: ImageType },
  file: { buffer: Buffer; mimeType: string; truncated: boolean },
  now: Date,
  deps: ServiceDeps = productionDeps(),
): Promise<ImageDto> {
  const { db } = deps;
  checkKind(meta.relatedType, meta.imageType);
  if (file.truncated) throw invalid(messages.images.tooLarge);
  const contentType = checkBytes(file.buffer, file.mimeType);
  await assertMayChange(db, uid, meta.relatedType, meta.relatedId);
  const ext = contentType === "image/png" ? "png" : "jpg";
  const path = `${folderOf(meta.relatedType, meta.relatedId)}${randomUUID()}.${ext}`;
  await deps.bucket.file(path).save(file.buffer, { contentType, resumable: false });
  try {
    const { id, doc } = await record(deps, uid, meta, path, contentType, file.buffer.length, now);
    return toDto(deps, id, doc, file.buffer);
  } catch (err) {
    await deps.bucket.file(path).delete({ ignoreNotFound: true });
    throw err;
  }
}

/**
 * Records an upload the SPA made straight to Storage (with progress): the object must sit in the
 * owner's folder, and its bytes are checked like an upload's. A bad object is deleted.
 */
export async function recordDirectUpload(
  uid: string,
  meta: { relatedId: string; relatedType: RelatedType; imageType: ImageType; path: string },
  now: Date,
  deps: ServiceDeps = productionDeps(),
): Promise<ImageDto> {
  const { db } = deps;
  checkKind(meta.relatedType, meta.imageType);
  const folder = folderOf(meta.relatedType, meta.relatedId);
  const name = meta.path.slice(folder.length);
  if (!meta.path.startsWith(folder) || !name || name.includes("/") || name.includes("..")) {
    throw invalid(messages.images.pathNotAllowed);
  }
  await assertMayChange(db, uid, meta.relatedType, meta.relatedId);
  const file = deps.bucket.file(meta.path);
  const [exists] = await file.exists();
  if (!exists) throw notFound(messages.images.objectMissing);
  const [metadata] = await file.getMetadata();
  if (Number(metadata.size) > MAX_IMAGE_BYTES) {
    await file.delete({ ignoreNotFound: true });
    throw invalid(messages.images.tooLarge);
  }
  const [buffer] = await file.download();
  let contentType: "image/jpeg" | "image/png";
  try {
    contentType = checkBytes(buffer, metadata.contentType);
  } catch (err) {
    await file.delete({ ignoreNotFound: true });
    throw err;
  }
  const { id, doc } = await record(
    deps,
    uid,
    { relatedId: meta.relatedId, relatedType: meta.relatedType, imageType: meta.imageType },
    meta.path,
    contentType,
    buffer.length,
    now,
  );
  return toDto(deps, id, doc, buffer);
}

/** One listed image: its record and the generation of its object (which changes with the bytes). */
export interface ListedImage {
  id: string;
  img: ImageDoc;
  generation: string;
}

/**
 * The validator of a list answer, from what the answer is made of (records and object
 * generations), so a cache holding the current version is told so without any bytes being read.
 */
export function listVersion(items: readonly ListedImage[]): string {
  const hash = createHash("sha256");
  for (const { id, img, generation } of items) {
    hash.update(`${id}\n${img.path}\n${generation}\n${img.createdAt?.toMillis() ?? ""}\n`);
  }
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** An owner's image list: its version first (metadata only), the bytes when asked. */
export interface ImageListing {
  etag: string;
  load(): Promise<ImageDto[]>;
}

const isNotFound = (err: unknown) => (err as { code?: number }).code === 404;

export async function imageListing(
  relatedId: string,
  deps: ServiceDeps = productionDeps(),
): Promise<ImageListing> {
  const { db, bucket } = deps;
  const snap = await db.collection(paths.images).where("relatedId", "==", relatedId).get();
  const docs = snap.docs
    .map((d) => ({ id: d.id, img: d.data() as ImageDoc }))
    .sort((a, b) => (b.img.createdAt?.toMillis() ?? 0) - (a.img.createdAt?.toMillis() ?? 0));
  const items: ListedImage[] = [];
  for (const { id, img } of docs) {
    try {
      const [metadata] = await bucket.file(img.path).getMetadata();
      items.push({ id, img, generation: String(metadata.generation ?? "") });
    } catch (err) {
      // An object deleted behind the API's back: skip it rather than fail the whole list.
      if (!isNotFound(err)) throw err;
    }
  }
  return {
    etag: listVersion(items),
    async load() {
      const out: ImageDto[] = [];
      for (const { id, img } of items) {
        try {
          out.push(await toDto(deps, id, img));
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      return out;
    },
  };
}

export async function deleteImage(
  uid: string,
  imageId: string,
  now: Date,
  deps: ServiceDeps = productionDeps(),
): Promise<void> {
  const { db } = deps;
  const snap = await imageRef(db, imageId).get();
  if (!snap.exists) throw notFound(messages.images.deleteNotFound);
  const img = snap.data()!;
  await assertMayChange(db, uid, img.relatedType, img.relatedId);
  await db.runTransaction(async (tx) => {
    const ownerRef = db.doc(
      img.relatedType === "User" ? paths.user(img.relatedId) : paths.project(img.relatedId),
    );
    const owner = await tx.get(ownerRef);
    tx.delete(imageRef(db, imageId));
    const current = owner.data() as
      { photoPath?: string | null; imagePath?: string | null } | undefined;
    if (img.relatedType === "User" && current?.photoPath === img.path) {
      tx.update(owner.ref, { photoPath: null, updatedAt: ts(now) });
    }
    if (img.relatedType === "Project" && current?.imagePath === img.path) {
      tx.update(owner.ref, { imagePath: null, updatedAt: ts(now) });
    }
  });
  await deps.bucket.file(img.path).delete({ ignoreNotFound: true });
}
