import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { getAuthSdk } from "../../lib/firebase";
import { login, loginErrorMessage } from "../../lib/session/login";
import { AuthCard } from "./AuthCard";
import { FailureAlert } from "./FailureAlert";
import { afterLoginPath, emailError, required } from "./rules";
import { AUTH_TEXTS } from "./texts";
import { screens } from "../../app/screens";

const T = AUTH_TEXTS.login;

/**
 * `screens.login`: e-mail and password, 'Oturumum açık kalsın.'; success → home, or back to the page a
 * guard sent the member here from.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [visible, setVisible] = useState(false);
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "", password: "", rememberMe: false },
    validate: { email: emailError, password: required },
  });
  const signIn = useMutation({
    mutationFn: async (values: typeof form.values) => login(await getAuthSdk(), values),
    onSuccess: () =>
      navigate(afterLoginPath(location.state, window.location.origin), { replace: true }),
  });

  return (
    <AuthCard title={T.title} description={T.description} testId="login">
      <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput
            label={T.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={T.password}
            autoComplete="current-password"
            required
            visible={visible}
            onVisibilityChange={setVisible}
            visibilityToggleButtonProps={{
              "aria-label": visible ? T.hidePassword : T.showPassword,
            }}
            {...form.getInputProps("password")}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Checkbox
              label={T.remember}
              {...form.getInputProps("rememberMe", { type: "checkbox" })}
            />
            <Anchor component={Link} to={screens.resetRequest} size="sm">
              {T.forgot}
            </Anchor>
          </Group>
          <FailureAlert message={signIn.isError ? loginErrorMessage(signIn.error) : null} />
          <Button type="submit" loading={signIn.isPending} fullWidth>
            {T.submit}
          </Button>
          <Text size="sm" ta="center">
            {T.noAccount}{" "}
            <Anchor component={Link} to={screens.signUp}>
              {T.toSignUp}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
