import { Router } from "express";
import { z } from "zod";
import { exportFileName, messages } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import { badRequest } from "../http/errors.js";
import { buildProfileUpdate, type ProfileBody } from "../services/profile-update.js";
import * as users from "../services/users.js";
import { profileUpdateBody } from "./profile-body.js";
import * as rights from "../services/account-rights.js";
import { idSchema, memberTypeSchema } from "./schemas.js";

const typeParams = z.object({ type: memberTypeSchema });
const listQuery = z.object({
  page: z.coerce
    .number({ error: "Sayfa numarası geçersiz." })
    .int({ error: "Sayfa numarası geçersiz." })
    .min(1, { error: "Sayfa numarası geçersiz." })
    .max(10_000, { error: "Sayfa numarası geçersiz." })
    .default(1),
  // Larger pages are cut to 100: a directory never reads the whole collection per request.
  limit: z.coerce
    .number({ error: "Sayfa boyutu geçersiz." })
    .int({ error: "Sayfa boyutu geçersiz." })
    .min(1, { error: "Sayfa boyutu geçersiz." })
    .default(20)
    .transform((n) => Math.min(n, 100)),
  search: z.string().max(100, { error: "Arama metni en fazla 100 karakter olabilir." }).default(""),
});

const deleteBody = z.object({
  password: z
    .string({ error: messages.account.deletePasswordRequired })
    .min(1, { error: messages.account.deletePasswordRequired })
    .max(200, { error: messages.account.deletePasswordWrong }),
});

export function usersRouter(): Router {
  const r = Router();

  // KVKK: the member's data as a download, and erasure of the account.
  r.get(
    "/me/export",
    endpoint({ auth: "required" }, async ({ user, res, now }) => {
      const data = await rights.ownExport(user.uid, now);
      res
        .status(200)
        .set("Content-Type", "application/json; charset=utf-8")
        .set("Content-Disposition", `attachment; filename="${exportFileName(now)}"`)
        .set("Cache-Control", "no-store")
        .send(JSON.stringify(data, null, 2));
    }),
  );

  r.delete(
    "/me",
    endpoint({ auth: "required", body: deleteBody }, async ({ user, body, now }) => {
      await rights.deleteOwnAccount(user.uid, body.password, now);
      return { message: messages.account.deleted };
    }),
  );

  r.get(
    "/type/:type",
    endpoint({ params: typeParams, query: listQuery }, async ({ params, query }) => {
      const { users: list, pagination } = await users.listByType({ type: params.type, ...query });
      return { data: list, extra: { pagination } };
    }),
  );

  r.get(
    "/:id",
    endpoint(
      { params: z.object({ id: idSchema(messages.users.invalidId) }) },
      async ({ params, user }) => ({ data: await users.getUser(user, params.id) }),
    ),
  );

  r.patch(
    "/",
    endpoint({ auth: "required", body: profileUpdateBody }, async ({ body, user, now }) => {
      const update = buildProfileUpdate(body as ProfileBody, now);
      if (!update.ok) throw badRequest(update.message);
      const data = await users.updateProfile(user.uid, update.value, now, user);
      return { message: messages.users.updateSuccess, data };
    }),
  );

  return r;
}
