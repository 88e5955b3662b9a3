import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconHome, IconRefresh } from "@tabler/icons-react";
import { Link } from "react-router-dom";
import { PageMeta } from "./PageMeta";
import { screens } from "../app/screens";

export const SERVER_ERROR_TEXTS = {
  code: "500",
  title: "Üzgünüz, bu sayfa görüntülenemiyor",
  description: "Beklenmeyen bir hata oluştu. Lütfen sayfayı yenileyin ya da anasayfaya dönün.",
  home: "Anasayfaya Dön",
  reload: "Sayfayı Yenile",
};

/** The 500 screen (docs/product-rules.md#screen-routes): shown at `screens.serverError` and in place of a screen whose data failed. */
export function ServerErrorScreen({ onReload }: { onReload?: () => void }) {
  return (
    <Container size="sm" py={64} data-testid="server-error">
      <PageMeta title="Sunucu Hatası" description={SERVER_ERROR_TEXTS.title} />
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden>
          {SERVER_ERROR_TEXTS.code}
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          {SERVER_ERROR_TEXTS.title}
        </Title>
        <Text c="dimmed">{SERVER_ERROR_TEXTS.description}</Text>
        <Group justify="center">
          <Button component={Link} to={screens.home} leftSection={<IconHome size={18} />}>
            {SERVER_ERROR_TEXTS.home}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            onClick={onReload ?? (() => window.location.reload())}
          >
            {SERVER_ERROR_TEXTS.reload}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
