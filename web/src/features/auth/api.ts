import { contract } from "../../lib/api/endpoints";
import type { CallInput } from "../../lib/api/client";
import { api } from "../../lib/api/index";

type BodyOf<E extends keyof typeof contract.auth> = CallInput<(typeof contract.auth)[E]>["body"];

/** The registration and password calls of docs/product-rules.md#api-calls. */
export const authApi = {
  registerStep1: (body: BodyOf<"registerStep1">) => api.call(contract.auth.registerStep1, { body }),
  registerStep2: (body: BodyOf<"registerStep2">) => api.call(contract.auth.registerStep2, { body }),
  registerStep3: (body: BodyOf<"registerStep3">) => api.call(contract.auth.registerStep3, { body }),
  requestPasswordReset: (email: string) =>
    api.call(contract.auth.requestPasswordReset, { body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    api.call(contract.auth.resetPassword, { body: { token, newPassword } }),
};
