/** The member's payment details and profit-share statements, under /users/me. */
import { Router } from "express";
import { z } from "zod";
import { messages } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import * as payments from "../services/payments.js";

const ibanBody = z.object({
  iban: z.string({ error: messages.iban.required }).max(64, { error: messages.iban.format }),
});

export function paymentsRouter(): Router {
  const r = Router();

  r.get(
    "/payment",
    endpoint({ auth: "required" }, async ({ user }) => ({
      data: await payments.getPaymentInfo(user.uid),
    })),
  );

  r.put(
    "/iban",
    endpoint({ auth: "required", body: ibanBody }, async ({ body, user }) => ({
      message: messages.iban.saved,
      data: await payments.saveIban(user.uid, body.iban),
    })),
  );

  r.get(
    "/statements",
    endpoint({ auth: "required" }, async ({ user }) => ({
      data: await payments.statements(user.uid),
    })),
  );

  return r;
}
