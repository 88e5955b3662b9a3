import type { MemberType } from "@platform/common";
import { api } from "../../lib/api/index";

/** The registration and password calls of spec §7. */
export const authApi = {
  registerStep1: (body: { name: string; email: string; password: string }) =>
    api.post("/auth/register-step-1", body),
  registerStep2: (body: { email: string; verificationCode: string }) =>
    api.post<{ email: string; verified: boolean; registrationToken: string }>(
      "/auth/register-step-2",
      body,
    ),
  registerStep3: (body: {
    email: string;
    registrationToken: string;
    type: MemberType;
    position: string;
    skills: { name: string }[];
    contractofUse: boolean;
    privacyPolicy: boolean;
    contentPolicy: boolean;
  }) =>
    api.post<{ userId: string; name: string; userName: string; customToken?: string }>(
      "/auth/register-step-3",
      body,
    ),
  requestPasswordReset: (email: string) => api.post("/auth/request-password-reset", { email }),
  resetPassword: (token: string, newPassword: string) =>
    api.post("/auth/reset-password", { token, newPassword }),
};
