import {
  Alert,
  Badge,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api, qs } from "../api";
import type { RulesDecisionRecord } from "../../../src/console/wire";

const SHOWN = 500;

/** Live log of the rules decisions of the Firestore and Storage emulators. */
export function RequestsPage() {
  const [outcome, setOutcome] = useState("all");
  const [path, setPath] = useState("");
  const requests = useQuery({
    queryKey: ["requests", outcome, path],
    queryFn: () =>
      api<{ requests: RulesDecisionRecord[]; errors: string[] }>(
        `/api/requests${qs({ outcome: outcome === "all" ? undefined : outcome, path })}`,
      ),
    refetchInterval: 1500,
  });
  const rows = (requests.data?.requests ?? []).slice(-SHOWN).reverse();
  return (
    <Stack>
      <Title order={2}>Requests</Title>
      <Text size="sm" c="dimmed">
        Every client request the security rules decided (the admin SDK bypasses rules and is not
        listed), newest first; refreshed every second or so.
      </Text>
      <Group>
        <SegmentedControl
          aria-label="Outcome"
          value={outcome}
          onChange={setOutcome}
          data={[
            { value: "all", label: "All" },
            { value: "allowed", label: "Allowed" },
            { value: "denied", label: "Denied" },
          ]}
        />
        <TextInput
          placeholder="Path contains…"
          aria-label="Filter by path"
          value={path}
          onChange={(e) => setPath(e.currentTarget.value)}
          w={320}
        />
      </Group>
      {requests.data?.errors.map((e) => (
        <Alert key={e} color="yellow">
          {e}
        </Alert>
      ))}
      <Table withTableBorder aria-label="Rules decisions" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={100}>Time</Table.Th>
            <Table.Th w={90}>Service</Table.Th>
            <Table.Th w={80}>Method</Table.Th>
            <Table.Th w="22%">Path</Table.Th>
            <Table.Th w={190}>Caller</Table.Th>
            <Table.Th w={90}>Outcome</Table.Th>
            <Table.Th>Rule</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.seq} data-outcome={r.allowed ? "allowed" : "denied"}>
              <Table.Td>{new Date(r.time).toLocaleTimeString("en-GB")}</Table.Td>
              <Table.Td>{r.service}</Table.Td>
              <Table.Td>{r.method}</Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>
                {r.path}
                {r.documents !== undefined && (
                  <Text span size="xs" c="dimmed">
                    {" "}
                    ({r.documents} doc{r.documents === 1 ? "" : "s"})
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>
                {r.uid ?? (
                  <Text span c="dimmed">
                    signed out
                  </Text>
                )}
                {r.role && (
                  <Badge ml={4} size="xs" variant="outline">
                    {r.role}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={r.allowed ? "green" : "red"}>{r.allowed ? "allow" : "deny"}</Badge>
              </Table.Td>
              <Table.Td>
                {r.rules.length === 0 ? (
                  <Text size="sm">{r.reason}</Text>
                ) : (
                  <Stack gap={2}>
                    {r.rules.map((rule, i) => (
                      <Text key={i} size="sm" data-rule-line={rule.line}>
                        <b>
                          {rule.file.split("/").at(-1)}:{rule.line}
                        </b>{" "}
                        <Code>{rule.text}</Code>
                        {rule.failure && (
                          <Text span size="xs" c="red">
                            {" "}
                            {rule.failure}
                          </Text>
                        )}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && <Text c="dimmed">No requests yet.</Text>}
    </Stack>
  );
}
