import { DEFAULT_PROFIT_RATE, LEGAL_TEXT_VERSIONS, type LegalTextId } from "@platform/common";
import { Container, List, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { PageBreadcrumbs } from "../../components/PageBreadcrumbs";
import { PageMeta } from "../../components/PageMeta";
import { COOKIE_POLICY } from "./cookiePolicy";
import { KVKK } from "./kvkk";
import { useBrowserValue } from "../../lib/hydration";
import { usePublicConfig } from "../../lib/publicConfig";
import { membershipAgreement } from "./membershipAgreement";
import {
  formatEffectiveDate,
  parseLegalQuery,
  showsEffectiveDate,
  type LegalBlock,
  type LegalDocument,
} from "./model";
import { OPEN_CONSENT } from "./openConsent";
import { screens } from "../../app/screens";

export const LEGAL_TEXTS = {
  home: "Anasayfa",
  effectiveDate: "Yürürlük Tarihi",
  person: "İlgili kişi",
  email: "E-posta",
  version: "Metin sürümü",
};

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "p":
      return <Text>{block.text}</Text>;
    case "list":
      return (
        <List spacing={6} withPadding>
          {block.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      );
    case "table":
      return (
        <Table withTableBorder withColumnBorders striped data-testid="legal-table">
          <Table.Caption>{block.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {block.head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {block.rows.map((row) => (
              <Table.Tr key={row[0]}>
                {row.map((cell, i) => (
                  <Table.Td key={i}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
  }
}

/**
 * Today's date is the visitor's, not the build's: the prerendered page leaves the line out. A
 * component of its own, so that applying the browser's date after the hydration (a synchronous
 * render) redraws this line, not the whole text.
 */
function EffectiveDate() {
  const today = useBrowserValue(() => formatEffectiveDate(new Date()), null);
  return today ? (
    <Text fw={600} data-testid="effective-date">
      {`${LEGAL_TEXTS.effectiveDate}: ${today}`}
    </Text>
  ) : null;
}

function LegalPage({ document: doc, text }: { document: LegalDocument; text: LegalTextId }) {
  const [params] = useSearchParams();
  const q = parseLegalQuery(params);
  return (
    <Container size="md" py="xl">
      <PageMeta title={doc.title} description={doc.description} />
      <Stack gap="lg">
        <PageBreadcrumbs
          items={[{ label: LEGAL_TEXTS.home, to: screens.home }, { label: doc.title }]}
        />
        <Title order={1}>{doc.title}</Title>
        {(q.name || q.email) && (
          <Paper withBorder p="sm" radius="md" data-testid="legal-person">
            {q.name && <Text size="sm">{`${LEGAL_TEXTS.person}: ${q.name}`}</Text>}
            {q.email && <Text size="sm">{`${LEGAL_TEXTS.email}: ${q.email}`}</Text>}
          </Paper>
        )}
        <Text size="sm" c="dimmed" data-testid="legal-version">
          {`${LEGAL_TEXTS.version}: ${LEGAL_TEXT_VERSIONS[text]}`}
        </Text>
        {doc.intro.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
        {doc.sections.map((section) => (
          <Stack key={section.title} gap="sm" component="section" aria-label={section.title}>
            <Title order={2} fz="xl">
              {section.title}
            </Title>
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </Stack>
        ))}
        {/* after the text, where the policy says it is given ("aşağıda") */}
        {showsEffectiveDate(q) && <EffectiveDate />}
      </Stack>
    </Container>
  );
}

export const OpenConsentPage = () => <LegalPage document={OPEN_CONSENT} text="openConsent" />;
export function MembershipAgreementPage() {
  const config = usePublicConfig();
  if (config.isPending) {
    // The title does not depend on the rate; the page has it while the rate loads.
    const { title, description } = membershipAgreement(DEFAULT_PROFIT_RATE);
    return (
      <>
        <PageMeta title={title} description={description} />
        <Skeleton height={400} m="xl" aria-busy="true" />
      </>
    );
  }
  // Without the public config (offline), the default rate of the product rules (docs/product-rules.md#profit-rate).
  return (
    <LegalPage
      document={membershipAgreement(config.data?.profitRate ?? DEFAULT_PROFIT_RATE)}
      text="membershipAgreement"
    />
  );
}
export const KvkkPage = () => <LegalPage document={KVKK} text="kvkk" />;
export const CookiePolicyPage = () => <LegalPage document={COOKIE_POLICY} text="cookiePolicy" />;
