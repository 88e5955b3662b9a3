import { messages } from "@platform/common";
import { contract, imageMeta } from "@platform/common/api";
import { endpoint, parse } from "../http/endpoint.js";
import { bearerToken } from "../http/auth.js";
import { conditionalGet } from "../http/conditional.js";
import { UPLOAD_BODY_MAX_BYTES } from "../http/body-guard.js";
import { ApiError, badRequest, unauthorized } from "../http/errors.js";
import { readMultipart } from "../infra/multipart.js";
import * as images from "../services/images.js";

const api = contract.images;

/**
 * Visitors' copies come from Hosting's CDN (firebase.json leaves `/api` answers' Cache-Control to
 * the function): the bytes of up to 5 MB go through the function once an hour per owner and edge,
 * not once per request. Members (who delete through this list) read it fresh.
 */
const ANONYMOUS_CACHE = "public, max-age=300, s-maxage=3600";
const MEMBER_CACHE = "private, no-store";

export const imagesRoutes = [
  endpoint(api.upload, async ({ req, user, now }) => {
    // One byte over the limit tells an oversized file from one exactly at it.
    const form = await readMultipart(req, images.MAX_IMAGE_BYTES + 1, UPLOAD_BODY_MAX_BYTES);
    if (!form) throw badRequest(messages.images.fileMissing);
    if (form.tooLarge) throw new ApiError(413, messages.images.tooLarge);
    const meta = parse(imageMeta, form.fields);
    if (!meta.ok) throw badRequest(meta.message);
    if (!form.file || form.file.buffer.length === 0) throw badRequest(messages.images.fileMissing);
    if (form.file.truncated || form.file.buffer.length > images.MAX_IMAGE_BYTES) {
      throw badRequest(messages.images.tooLarge);
    }
    const fields = meta.value as Parameters<typeof images.upload>[1];
    const data = await images.upload(user.uid, fields, form.file, now);
    return { status: 201, message: messages.images.uploadSuccess, data };
  }),

  endpoint(api.record, async ({ body, user, now }) => ({
    status: 201,
    message: messages.images.uploadSuccess,
    data: await images.recordDirectUpload(user.uid, body, now),
  })),

  endpoint(api.ofOwner, async ({ params, user, req, res }) => {
    // A made-up token would be a cache key of its own too.
    if (!user && bearerToken(req)) throw unauthorized(messages.general.tokenUndecodable);
    // The CDN revalidating its copy (and a browser after max-age) is told "unchanged" from the
    // records alone: no object is downloaded, no byte sent.
    const policy = { vary: "Authorization", cacheControl: user ? MEMBER_CACHE : ANONYMOUS_CACHE };
    return conditionalGet(req, res, policy, () => images.imageListing(params.relatedId));
  }),

  endpoint(api.remove, async ({ params, user, now }) => {
    await images.deleteImage(user.uid, params.imageId, now);
    return { message: messages.images.deleteSuccess };
  }),
];
