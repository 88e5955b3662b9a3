import { Container, Stack, Text, Title } from "@mantine/core";
import { FaqAccordion } from "../../components/faq/FaqAccordion";
import { PageBreadcrumbs } from "../../components/PageBreadcrumbs";
import { PageMeta } from "../../components/PageMeta";
import { screens } from "../../app/screens";

export const FAQ_PAGE_TEXTS = {
  title: "Sıkça Sorulan Sorular",
  description:
    "Platformun işleyişi, projeler, oylamalar ve kâr paylaşımı hakkında sık sorulan sorular.",
  home: "Anasayfa",
  intro: "Aradığınız yanıtı bulamazsanız bize e-posta ile ulaşabilirsiniz.",
};

/** `screens.faq`: every question tagged sss, one open at a time. */
export function FaqPage() {
  return (
    <Container size="md" py="xl">
      <PageMeta title={FAQ_PAGE_TEXTS.title} description={FAQ_PAGE_TEXTS.description} />
      <Stack gap="lg">
        <PageBreadcrumbs
          items={[
            { label: FAQ_PAGE_TEXTS.home, to: screens.home },
            { label: FAQ_PAGE_TEXTS.title },
          ]}
        />
        <Stack gap={4}>
          <Title order={1}>{FAQ_PAGE_TEXTS.title}</Title>
          <Text c="dimmed">{FAQ_PAGE_TEXTS.intro}</Text>
        </Stack>
        <FaqAccordion tag="sss" />
      </Stack>
    </Container>
  );
}
