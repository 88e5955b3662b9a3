/** The member directory, profiles, and the member's own account (spec §7, KVKK rights). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { data, endpoint } from "../define.js";
import { routes } from "../routes.js";
import { idField, memberTypeField, queryInt } from "../fields.js";
import { profileUpdateBody } from "../profile-body.js";
import type { PaymentInfoDto, StatementDto, UserDto } from "../types.js";

/** The member's data as a JSON download (an attachment, not the usual `{ success, data }`). */
export const exportOwnData = endpoint({
  ...routes.users.exportOwnData,
  access: "member",
  response: data<unknown>(),
});

export const deleteOwnAccount = endpoint({
  ...routes.users.deleteOwnAccount,
  access: "member",
  body: z.object({
    password: z
      .string({ error: messages.account.deletePasswordRequired })
      .check(
        z.minLength(1, { error: messages.account.deletePasswordRequired }),
        z.maxLength(200, { error: messages.account.deletePasswordWrong }),
      ),
  }),
  response: data<undefined>(),
});

export const paymentInfo = endpoint({
  ...routes.users.paymentInfo,
  access: "member",
  response: data<PaymentInfoDto>(),
});

export const saveIban = endpoint({
  ...routes.users.saveIban,
  access: "member",
  // Format and checksum are the service's (ibanError), so the payment section's texts apply.
  body: z.object({
    iban: z
      .string({ error: messages.iban.required })
      .check(z.maxLength(64, { error: messages.iban.format })),
  }),
  response: data<PaymentInfoDto>(),
});

export const statements = endpoint({
  ...routes.users.statements,
  access: "member",
  response: data<StatementDto[]>(),
});

/** A page of the Junior or Senior directory; `pagination` rides beside `data`. */
export const listByType = endpoint({
  ...routes.users.listByType,
  access: "public",
  params: z.object({ type: memberTypeField }),
  query: z.object({
    page: queryInt({ min: 1, max: 10_000, fallback: 1, message: messages.users.pageInvalid }),
    // Larger pages are cut to 100: a directory never reads the whole collection per request.
    limit: z.pipe(
      queryInt({ min: 1, fallback: 20, message: messages.general.pageSizeInvalid }),
      z.transform((n: number) => Math.min(n, 100)),
    ),
    search: z._default(
      z.string().check(z.maxLength(100, { error: messages.users.searchTooLong })),
      "",
    ),
  }),
  response: data<UserDto[]>(),
});

export const byId = endpoint({
  ...routes.users.byId,
  access: "public",
  params: z.object({ id: idField(messages.users.invalidId) }),
  response: data<UserDto>(),
});

/** Section-shaped profile changes (spec §7); the section rules run in the functions. */
export const updateProfile = endpoint({
  ...routes.users.updateProfile,
  access: "member",
  body: profileUpdateBody,
  response: data<UserDto>(),
});
