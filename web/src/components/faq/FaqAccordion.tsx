import { Accordion, Alert, Skeleton, Stack, Text } from "@mantine/core";
import { DEFAULT_PROFIT_RATE, fillPlatformFacts } from "@platform/common";
import { useDeferredValue } from "react";
import { usePublicConfig } from "../../lib/publicConfig";
import { useFaqs } from "./useFaqs";

export const FAQ_TEXTS = {
  loadError: "Sorular yüklenirken bir hata oluştu.",
  empty: "Henüz soru eklenmemiş.",
};

/** Questions with one answer open at a time (docs/product-rules.md#screen-faq). */
export function FaqAccordion({ tag }: { tag: "home" | "sss" }) {
  const faqs = useFaqs(tag);
  const config = usePublicConfig();
  // The questions are drawn in a transition: React yields to the browser between them instead of
  // holding the main thread for the whole accordion when the data arrives (a data update alone
  // would render synchronously).
  const items = useDeferredValue(faqs.data);
  const profitRate = useDeferredValue(config.data?.profitRate);
  const configPending = useDeferredValue(config.isPending);
  // Answers may name the current profit rate ({profitRate}); without the config, the default.
  const facts = { profitRate: profitRate ?? DEFAULT_PROFIT_RATE };
  if (faqs.isError) return <Alert color="red">{FAQ_TEXTS.loadError}</Alert>;
  if (items === undefined || configPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (items.length === 0) return <Text c="dimmed">{FAQ_TEXTS.empty}</Text>;
  return (
    <Accordion variant="separated" radius="md" data-testid={`faq-${tag}`}>
      {items.map((faq) => (
        <Accordion.Item key={faq.id} value={faq.id}>
          <Accordion.Control>
            <Text fw={600}>{faq.question}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text style={{ whiteSpace: "pre-line" }}>{fillPlatformFacts(faq.answer, facts)}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
