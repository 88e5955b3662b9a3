import { Anchor, Button, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { messageOf } from "../../lib/api/errors";
import { authApi } from "./api";
import { AuthCard } from "./AuthCard";
import { CodeInput } from "./CodeInput";
import { FailureAlert } from "./FailureAlert";
import { peekSignUpPassword } from "./memory";
import {
  emptyCode,
  isCodeComplete,
  joinCode,
  readPendingSignUp,
  writePendingSignUp,
} from "./rules";
import { AUTH_TEXTS } from "./texts";
import { screens } from "../../app/screens";

const T = AUTH_TEXTS.code;

/** `screens.confirmCode`: sign-up step 2, the six-digit code mailed at step 1. */
export function CodePage() {
  const navigate = useNavigate();
  const [pending] = useState(() => readPendingSignUp(window.sessionStorage));
  const [digits, setDigits] = useState(emptyCode);
  const [incomplete, setIncomplete] = useState(false);

  const verify = useMutation({
    mutationFn: (code: string) =>
      authApi.registerStep2({ email: pending!.email, verificationCode: code }),
    onSuccess: (res) => {
      writePendingSignUp(window.sessionStorage, {
        ...pending!,
        verified: true,
        registrationToken: res.data?.registrationToken ?? "",
      });
      navigate(screens.career);
    },
  });
  const password = pending ? peekSignUpPassword(pending.email) : null;
  const resend = useMutation({
    mutationFn: () =>
      authApi.registerStep1({ name: pending!.name, email: pending!.email, password: password! }),
    onSuccess: () => {
      setDigits(emptyCode());
      notifications.show({ color: "teal", message: T.resent });
    },
  });

  if (!pending) return <Navigate to={screens.signUp} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCodeComplete(digits)) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    verify.mutate(joinCode(digits));
  };

  const failure = verify.isError
    ? messageOf(verify.error, T.failed)
    : resend.isError
      ? messageOf(resend.error, AUTH_TEXTS.signUp.failed)
      : null;

  return (
    <AuthCard
      title={T.title}
      description={T.description}
      step={T.step}
      intro={T.intro(pending.email)}
      testId="sign-up-code"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CodeInput
            value={digits}
            onChange={(next) => {
              setDigits(next);
              if (isCodeComplete(next)) setIncomplete(false);
            }}
            error={incomplete || verify.isError}
            disabled={verify.isPending}
          />
          {incomplete && (
            <Text c="red" size="sm" ta="center" role="alert">
              {T.incomplete}
            </Text>
          )}
          <FailureAlert title={T.failedTitle} message={failure} />
          <Button type="submit" loading={verify.isPending} fullWidth>
            {T.submit}
          </Button>
          <Stack gap={4} align="center">
            {password && (
              <Anchor component="button" type="button" size="sm" onClick={() => resend.mutate()}>
                {T.resend}
              </Anchor>
            )}
            <Anchor component={Link} to={screens.signUp} size="sm">
              {T.restart}
            </Anchor>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
