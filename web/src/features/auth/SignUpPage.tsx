import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { messageOf } from "../../lib/api/errors";
import { authApi } from "./api";
import { AuthCard } from "./AuthCard";
import { FailureAlert } from "./FailureAlert";
import { rememberSignUpPassword } from "./memory";
import {
  emailError,
  signUpNameError,
  signUpPasswordError,
  signUpPayload,
  writePendingSignUp,
} from "./rules";
import { AUTH_TEXTS } from "./texts";
import { screens } from "../../app/screens";

const T = AUTH_TEXTS.signUp;

/** `screens.signUp`: sign-up step 1 (name, e-mail, password). */
export function SignUpPage() {
  const navigate = useNavigate();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: "", email: "", password: "" },
    validate: { name: signUpNameError, email: emailError, password: signUpPasswordError },
  });
  const step1 = useMutation({
    mutationFn: (values: typeof form.values) => authApi.registerStep1(signUpPayload(values)),
    onSuccess: (_res, values) => {
      const payload = signUpPayload(values);
      writePendingSignUp(window.sessionStorage, { name: payload.name, email: payload.email });
      rememberSignUpPassword(payload.email, payload.password);
      navigate(screens.confirmCode);
    },
  });

  return (
    <AuthCard
      title={T.title}
      description={T.description}
      step={T.step}
      testId="sign-up"
      intro={
        <Stack gap={4}>
          <Text fw={600}>{T.welcome}</Text>
          <Text c="dimmed">{T.intro}</Text>
        </Stack>
      }
    >
      <form onSubmit={form.onSubmit((values) => step1.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput label={T.name} autoComplete="name" required {...form.getInputProps("name")} />
          <TextInput
            label={T.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={T.password}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
          />
          <FailureAlert
            title={T.failedTitle}
            message={step1.isError ? messageOf(step1.error, T.failed) : null}
          />
          <Button type="submit" loading={step1.isPending} fullWidth>
            {T.submit}
          </Button>
          <Text size="sm" ta="center">
            {T.haveAccount}{" "}
            <Anchor component={Link} to={screens.login}>
              {T.toLogin}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
