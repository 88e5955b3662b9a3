import { Alert, Container } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useState } from "react";
import { usePublicConfig } from "../../lib/publicConfig";
import { SHELL_TEXTS } from "./texts";

/**
 * The platform's announcement (a changed profit rate, docs/product-rules.md#profit-rate) above every page while it runs
 * (30 days from the change, `config/public.announcement`).
 */
export function AnnouncementBanner() {
  const config = usePublicConfig();
  const announcement = config.data?.announcement;
  // The time the shell was opened: an announcement starting or ending meanwhile shows on the next visit.
  const [now] = useState(() => Date.now());
  if (!announcement || announcement.endsAt.getTime() <= now) return null;
  if (announcement.startsAt.getTime() > now) return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        variant="light"
        color="blue"
        title={SHELL_TEXTS.announcement}
        icon={<IconSpeakerphone size={20} aria-hidden />}
        data-testid="announcement"
      >
        {announcement.text}
      </Alert>
    </Container>
  );
}
