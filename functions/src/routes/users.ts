/** The directory, profiles, and the member's own account (payments, KVKK rights). */
import { buildProfileUpdate, exportFileName, messages } from "@platform/common";
import { contract } from "@platform/common/api";
import { endpoint } from "../http/endpoint.js";
import { badRequest } from "../http/errors.js";
import * as users from "../services/users.js";
import * as payments from "../services/payments.js";
import * as rights from "../services/account-rights.js";

const api = contract.users;

export const usersRoutes = [
  endpoint(api.paymentInfo, async ({ user }) => ({
    data: await payments.getPaymentInfo(user.uid),
  })),

  endpoint(api.saveIban, async ({ body, user }) => ({
    message: messages.iban.saved,
    data: await payments.saveIban(user.uid, body.iban),
  })),

  endpoint(api.statements, async ({ user }) => ({ data: await payments.statements(user.uid) })),

  // KVKK: the member's data as a download, and erasure of the account.
  endpoint(api.exportOwnData, async ({ user, res, now }) => {
    const data = await rights.ownExport(user.uid, now);
    res
      .status(200)
      .set("Content-Type", "application/json; charset=utf-8")
      .set("Content-Disposition", `attachment; filename="${exportFileName(now)}"`)
      .set("Cache-Control", "no-store")
      .send(JSON.stringify(data, null, 2));
  }),

  endpoint(api.deleteOwnAccount, async ({ user, body, now }) => {
    await rights.deleteOwnAccount(user.uid, body.password, now);
    return { message: messages.account.deleted };
  }),

  endpoint(api.listByType, async ({ params, query }) => {
    const { users: list, pagination } = await users.listByType({ type: params.type, ...query });
    return { data: list, extra: { pagination } };
  }),

  endpoint(api.byId, async ({ params, user }) => ({ data: await users.getUser(user, params.id) })),

  endpoint(api.updateProfile, async ({ body, user, now }) => {
    const update = buildProfileUpdate(body, now);
    if (!update.ok) throw badRequest(update.message);
    const data = await users.updateProfile(user.uid, update.value, now, user);
    return { message: messages.users.updateSuccess, data };
  }),
];
