import { Button, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { authApi } from "./api";
import { AuthCard } from "./AuthCard";
import { FailureAlert } from "./FailureAlert";
import { emailError, resetRequestErrorText } from "./rules";
import { AUTH_TEXTS } from "./texts";

const T = AUTH_TEXTS.resetRequest;

/** `screens.resetRequest`: asks for a reset link; success shows a popup without buttons. */
export function ResetRequestPage() {
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "" },
    validate: { email: emailError },
  });
  const request = useMutation({
    mutationFn: (email: string) => authApi.requestPasswordReset(email.trim()),
  });

  return (
    <AuthCard title={T.title} description={T.description} intro={T.intro} testId="reset-request">
      <form onSubmit={form.onSubmit((v) => request.mutate(v.email))} noValidate>
        <Stack gap="sm">
          <TextInput
            label={T.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <FailureAlert message={request.isError ? resetRequestErrorText(request.error) : null} />
          <Button type="submit" loading={request.isPending} fullWidth>
            {T.submit}
          </Button>
        </Stack>
      </form>
      <Modal
        opened={request.isSuccess}
        onClose={() => request.reset()}
        withCloseButton={false}
        centered
        title={T.sentTitle}
        data-testid="reset-request-sent"
      >
        <Text>{T.sent}</Text>
      </Modal>
    </AuthCard>
  );
}
