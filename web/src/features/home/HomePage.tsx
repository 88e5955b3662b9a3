import { Badge, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";

interface Health {
  success: boolean;
  data?: { status: string };
}

async function fetchHealth(): Promise<Health> {
  const res = await fetch("/api/health", { credentials: "include" });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Health;
}

/** Landing page of the skeleton: shows the product name and whether the API answers. */
export function HomePage() {
  const health = useQuery({ queryKey: ["health"], queryFn: fetchHealth });
  const status = health.isPending
    ? "kontrol ediliyor"
    : health.data?.success
      ? "çalışıyor"
      : "ulaşılamıyor";
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Juniorlar ve Seniorlar gerçek projelerde</Title>
        <Text>Haftalık ekiplerde gerçek projeler geliştirin, mentörlerden geri bildirim alın.</Text>
        <Group gap="xs">
          <Text size="sm">API durumu:</Text>
          <Badge data-testid="api-status" color={health.data?.success ? "teal" : "gray"}>
            {status}
          </Badge>
        </Group>
      </Stack>
    </Container>
  );
}
