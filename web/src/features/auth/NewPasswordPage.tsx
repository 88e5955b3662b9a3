import { Alert, Anchor, Button, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { authApi } from "./api";
import { AuthCard } from "./AuthCard";
import { FailureAlert } from "./FailureAlert";
import { newPasswordError, resetPasswordErrorText, resetTokenFrom } from "./rules";
import { AUTH_TEXTS } from "./texts";
import { screens } from "../../app/screens";

const T = AUTH_TEXTS.newPassword;

/** `screens.newPassword`?token=…: the new password (at least 8 characters). */
export function NewPasswordPage() {
  const location = useLocation();
  const token = resetTokenFrom(location.search);
  const [popupOpen, setPopupOpen] = useState(false);
  const form = useForm({
    mode: "controlled",
    initialValues: { password: "" },
    validate: { password: newPasswordError },
  });
  const reset = useMutation({
    mutationFn: (password: string) => authApi.resetPassword(token!, password),
    onSuccess: () => setPopupOpen(true),
  });

  return (
    <AuthCard title={T.title} description={T.description} testId="new-password">
      {!token ? (
        <FailureAlert message={T.invalidLink} />
      ) : reset.isSuccess ? (
        <Alert color="teal" variant="light" data-testid="new-password-done">
          <Stack gap="xs">
            <Text>{T.success}</Text>
            <Anchor component={Link} to={screens.login}>
              {T.toLogin}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((v) => reset.mutate(v.password))} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={T.password}
              description={T.rule}
              autoComplete="new-password"
              required
              {...form.getInputProps("password")}
            />
            <FailureAlert message={reset.isError ? resetPasswordErrorText(reset.error) : null} />
            <Button type="submit" loading={reset.isPending} fullWidth>
              {T.submit}
            </Button>
          </Stack>
        </form>
      )}
      <Modal
        opened={popupOpen}
        onClose={() => setPopupOpen(false)}
        centered
        title={T.successTitle}
        data-testid="new-password-popup"
      >
        <Stack gap="sm">
          <Text>{T.success}</Text>
          <Anchor component={Link} to={screens.login}>
            {T.toLogin}
          </Anchor>
        </Stack>
      </Modal>
    </AuthCard>
  );
}
