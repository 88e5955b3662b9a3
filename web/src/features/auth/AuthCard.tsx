import { Badge, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { usePageMeta } from "../../components/PageMeta";

/** The frame of every registration, login and password screen. */
export function AuthCard(props: {
  title: string;
  description: string;
  step?: string;
  intro?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  usePageMeta({ title: props.title, description: props.description });
  return (
    <Container size={480} py="xl" data-testid={props.testId}>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} shadow="sm">
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Title order={1} size="h2">
              {props.title}
            </Title>
            {props.step && (
              <Badge variant="light" size="lg" data-testid="auth-step">
                {props.step}
              </Badge>
            )}
          </Group>
          {props.intro &&
            (typeof props.intro === "string" ? <Text c="dimmed">{props.intro}</Text> : props.intro)}
          {props.children}
        </Stack>
      </Paper>
    </Container>
  );
}
