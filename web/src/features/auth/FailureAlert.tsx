import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

/** A failed step: the docs/product-rules.md#screen-auth title and the text of the failure. */
export function FailureAlert({ title, message }: { title?: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={18} />}
      role="alert"
      data-testid="auth-error"
    >
      {message}
    </Alert>
  );
}
