import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { api, errorText } from "../api";
import { PAGES } from "../App";

interface Overview {
  projectId: string;
  storageBucket: string;
  services: { name: string; url: string; up: boolean }[];
}

export function OverviewPage() {
  const overview = useQuery({
    queryKey: ["overview"],
    queryFn: () => api<Overview>("/api/overview"),
    refetchInterval: 5000,
  });
  return (
    <Stack>
      <Title order={2}>Overview</Title>
      {overview.error && <Alert color="red">{errorText(overview.error)}</Alert>}
      {overview.data && (
        <Text>
          Project <b data-testid="project-id">{overview.data.projectId}</b> · bucket{" "}
          {overview.data.storageBucket}
        </Text>
      )}
      <Table striped withTableBorder maw={760} aria-label="Services">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overview.data?.services.map((s) => (
            <Table.Tr key={s.name}>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>
                <Anchor href={s.url} target="_blank" rel="noreferrer">
                  {s.url}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge color={s.up ? "green" : "red"}>{s.up ? "running" : "down"}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={3} maw={960}>
        {PAGES.filter((p) => p.path !== "/").map((p) => (
          <Card key={p.path} withBorder component={Link} to={p.path}>
            <Group justify="space-between">
              <Text fw={600}>{p.label}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {p.what}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
