import { Router } from "express";
import { z } from "zod";
import { messages } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import { bearerToken } from "../http/auth.js";
import { noneMatchHolds } from "../http/conditional.js";
import { UPLOAD_BODY_MAX_BYTES } from "../http/body-guard.js";
import { ApiError, badRequest, unauthorized } from "../http/errors.js";
import { readMultipart } from "../infra/multipart.js";
import * as images from "../services/images.js";
import { idSchema } from "./schemas.js";

const meta = z.object({
  relatedId: idSchema(messages.images.userIdMissing),
  relatedType: z.enum(["User", "Project"], { error: "relatedType User veya Project olmalıdır." }),
  imageType: z.enum(["Profile", "Logo"], { error: "imageType Profile veya Logo olmalıdır." }),
});

const recordBody = meta.extend({
  path: z
    .string({ error: messages.images.pathNotAllowed })
    .min(1, { error: messages.images.pathNotAllowed })
    .max(512, { error: messages.images.pathNotAllowed }),
});

/**
 * Visitors' copies come from Hosting's CDN (firebase.json leaves `/api` answers' Cache-Control to
 * the function): the bytes of up to 5 MB go through the function once an hour per owner and edge,
 * not once per request. Members (who delete through this list) read it fresh.
 */
const ANONYMOUS_CACHE = "public, max-age=300, s-maxage=3600";

export function imagesRouter(): Router {
  const r = Router();

  r.post(
    "/upload",
    endpoint({ auth: "required" }, async ({ req, user, now }) => {
      // One byte over the limit tells an oversized file from one exactly at it.
      const form = await readMultipart(req, images.MAX_IMAGE_BYTES + 1, UPLOAD_BODY_MAX_BYTES);
      if (!form) throw badRequest(messages.images.fileMissing);
      if (form.tooLarge) throw new ApiError(413, messages.images.tooLarge);
      const parsed = meta.safeParse(form.fields);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? messages.general.invalidRequest);
      if (!form.file || form.file.buffer.length === 0)
        throw badRequest(messages.images.fileMissing);
      if (form.file.truncated || form.file.buffer.length > images.MAX_IMAGE_BYTES) {
        throw badRequest(messages.images.tooLarge);
      }
      const data = await images.upload(user.uid, parsed.data, form.file, now);
      return { status: 201, message: messages.images.uploadSuccess, data };
    }),
  );

  r.post(
    "/record",
    endpoint({ auth: "required", body: recordBody }, async ({ body, user, now }) => ({
      status: 201,
      message: messages.images.uploadSuccess,
      data: await images.recordDirectUpload(user.uid, body, now),
    })),
  );

  r.get(
    "/:relatedId",
    endpoint(
      {
        params: z.object({ relatedId: idSchema("Geçersiz görsel sahibi ID'si.") }),
        // No query at all: a made-up parameter would be a new CDN cache key, i.e. a fresh stream.
        query: z.strictObject({}, { error: messages.general.invalidRequest }),
      },
      async ({ params, user, req, res }) => {
        // A made-up token would be a cache key of its own too.
        if (!user && bearerToken(req)) throw unauthorized(messages.general.tokenUndecodable);
        res.set("Vary", "Authorization");
        res.set("Cache-Control", user ? "private, no-store" : ANONYMOUS_CACHE);
        const listing = await images.imageListing(params.relatedId);
        res.set("ETag", listing.etag);
        // The CDN revalidating its copy (and a browser after max-age) is told "unchanged" from the
        // records alone: no object is downloaded, no byte sent.
        if (noneMatchHolds(req.headers["if-none-match"], listing.etag)) {
          res.status(304).end();
          return;
        }
        return { data: await listing.load() };
      },
    ),
  );

  r.delete(
    "/:imageId",
    endpoint(
      { auth: "required", params: z.object({ imageId: idSchema("Geçersiz görsel ID'si.") }) },
      async ({ params, user, now }) => {
        await images.deleteImage(user.uid, params.imageId, now);
        return { message: messages.images.deleteSuccess };
      },
    ),
  );

  return r;
}
