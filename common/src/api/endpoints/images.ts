/** Profile photos and project images (spec §3, §7). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { data, endpoint } from "../define.js";
import { routes } from "../routes.js";
import { idField } from "../fields.js";
import type { ImageDto } from "../types.js";

const I = messages.images;

/** Whose image it is: the form fields of an upload, and part of a recorded direct upload. */
export const imageMeta = z.object({
  relatedId: idField(I.userIdMissing),
  relatedType: z.enum(["User", "Project"], { error: I.relatedTypeInvalid }),
  imageType: z.enum(["Profile", "Logo"], { error: I.imageTypeInvalid }),
});

/**
 * A multipart upload (field `file` plus the `imageMeta` fields): the handler reads the stream
 * itself, so there is no JSON body to declare.
 */
export const upload = endpoint({
  ...routes.images.upload,
  access: "member",
  response: data<ImageDto>(),
});

/** An image the SPA wrote straight to Storage, recorded after the upload. */
export const record = endpoint({
  ...routes.images.record,
  access: "member",
  body: z.extend(imageMeta, {
    path: z
      .string({ error: I.pathNotAllowed })
      .check(
        z.minLength(1, { error: I.pathNotAllowed }),
        z.maxLength(512, { error: I.pathNotAllowed }),
      ),
  }),
  response: data<ImageDto>(),
});

export const ofOwner = endpoint({
  ...routes.images.ofOwner,
  access: "public",
  params: z.object({ relatedId: idField(I.invalidOwnerId) }),
  // No query at all: a made-up parameter would be a new CDN cache key, i.e. a fresh stream.
  query: z.strictObject({}, { error: messages.general.invalidRequest }),
  response: data<ImageDto[]>(),
});

export const remove = endpoint({
  ...routes.images.remove,
  access: "member",
  params: z.object({ imageId: idField(I.invalidImageId) }),
  response: data<undefined>(),
});
