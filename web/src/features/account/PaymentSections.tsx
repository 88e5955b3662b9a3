/**
 * The account page's "Ödeme Bilgileri" (the IBAN the profit share is paid to, shown masked, edited
 * in the 627 px section modal) and "Kazançlarım" (the member's monthly statements).
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type StatementDto, ibanError, messages, normalizeIban } from "@platform/common";
import { useState } from "react";
import { usePaymentInfo, useSaveIban, useStatements } from "./data";
import { Section } from "../../components/Section";
import { messageOf } from "../../lib/api/errors";
import {
  STATEMENT_STATUS_COLOR,
  STATEMENT_STATUS_TEXT,
  formatKurus,
  formatShare,
  periodLabel,
  statementHint,
} from "./paymentRules";
import { EDIT_TEXTS as E } from "./texts";

export const PAYMENT_TEXTS = {
  payment: "Ödeme Bilgileri",
  editPayment: "Ödeme Bilgilerini Düzenle",
  iban: "IBAN",
  ibanPlaceholder: "TR00 0000 0000 0000 0000 0000 00",
  ibanHelp: "Kâr payınız bu hesaba ödenir. Boşluk bırakarak yazabilirsiniz.",
  noIban: "IBAN eklenmedi. Kâr payınızın ödenebilmesi için IBAN numaranızı ekleyin.",
  earnings: "Kazançlarım",
  noStatements: "Henüz hesaplanmış bir kazancınız bulunmuyor.",
  days: (n: number) => `${n} çalışma günü`,
  share: (s: string) => `Pay: ${s}`,
  loadFailed: messages.statements.fetchFailed,
} as const;
const P = PAYMENT_TEXTS;

function IbanForm({ onDone }: { onDone: () => void }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { iban: "" },
    validate: { iban: (v) => ibanError(v) },
  });
  const save = useSaveIban(() => {
    onDone();
    notifications.show({ color: "teal", message: messages.iban.saved });
  });
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(normalizeIban(v.iban)))} noValidate>
      <Stack gap="sm">
        <TextInput
          label={P.iban}
          description={P.ibanHelp}
          placeholder={P.ibanPlaceholder}
          autoComplete="off"
          spellCheck={false}
          required
          data-testid="iban-input"
          {...form.getInputProps("iban")}
        />
        {save.error ? (
          <Alert color="red" role="alert" data-testid="edit-error">
            {messageOf(save.error, E.failed)}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDone}>
            {E.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {E.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PaymentSection() {
  const [editing, setEditing] = useState(false);
  const payment = usePaymentInfo();
  return (
    <Section
      title={P.payment}
      id="odemeBilgileri"
      testId="account-payment"
      edit={{ label: E.edit(P.payment), onClick: () => setEditing(true) }}
    >
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        size={627}
        title={P.editPayment}
        data-testid="edit-modal"
      >
        {editing && <IbanForm onDone={() => setEditing(false)} />}
      </Modal>
      {payment.isPending && <Skeleton h={20} w={260} />}
      {payment.isError && (
        <Text size="sm" c="red">
          {messageOf(payment.error, P.loadFailed)}
        </Text>
      )}
      {payment.data &&
        (payment.data.hasIban ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" miw={110}>
              {P.iban}
            </Text>
            <Text
              size="sm"
              ff="monospace"
              miw={0}
              style={{ overflowWrap: "anywhere" }}
              data-testid="iban-masked"
            >
              {payment.data.ibanMasked}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="iban-missing">
            {P.noIban}
          </Text>
        ))}
    </Section>
  );
}

function StatementRow({ s }: { s: StatementDto }) {
  const hint = statementHint(s.status);
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="statement">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} data-testid="statement-month">
          {periodLabel(s.period)}
        </Text>
        <Badge
          variant="light"
          color={STATEMENT_STATUS_COLOR[s.status]}
          data-testid="statement-status"
        >
          {STATEMENT_STATUS_TEXT[s.status]}
        </Badge>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap" mt={4}>
        <Text size="sm" c="dimmed">
          {P.days(s.days)} · {P.share(formatShare(s.share))}
        </Text>
        <Text fw={700} data-testid="statement-amount">
          {formatKurus(s.amountKurus)}
        </Text>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export function EarningsSection() {
  const statements = useStatements();
  return (
    <Section title={P.earnings} id="kazanclarim" testId="account-earnings">
      {statements.isPending && <Skeleton h={60} />}
      {statements.isError && (
        <Text size="sm" c="red">
          {messageOf(statements.error, P.loadFailed)}
        </Text>
      )}
      {statements.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {P.noStatements}
        </Text>
      )}
      {statements.data?.map((s) => (
        <StatementRow key={s.period} s={s} />
      ))}
    </Section>
  );
}
