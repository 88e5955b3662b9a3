import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { IconHome } from "@tabler/icons-react";
import { Link } from "react-router-dom";
import { PageMeta } from "./PageMeta";
import { screens } from "../app/screens";

export const NOT_FOUND_TEXTS = {
  title: "Sayfa bulunamadı",
  description: "Aradığınız sayfa taşınmış, silinmiş ya da hiç var olmamış olabilir.",
  home: "Anasayfaya Dön",
};

/** The 404 screen: `screens.notFound` and every unknown path. */
export function NotFoundScreen() {
  return (
    <Container size="sm" py={64} data-testid="not-found">
      <PageMeta title={NOT_FOUND_TEXTS.title} description={NOT_FOUND_TEXTS.description} />
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          {NOT_FOUND_TEXTS.title}
        </Title>
        <Text c="dimmed">{NOT_FOUND_TEXTS.description}</Text>
        <Button component={Link} to={screens.home} leftSection={<IconHome size={18} />}>
          {NOT_FOUND_TEXTS.home}
        </Button>
      </Stack>
    </Container>
  );
}
