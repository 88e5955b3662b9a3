import { Group, Stack, Text, Title } from "@mantine/core";
import { skillAverageRows } from "../lib/format";

/**
 * The per-skill averages of the Seniors' skill survey (docs/product-rules.md#profile-fields); nothing when the
 * member has not been rated on any skill yet.
 */
export function SkillAverages(props: {
  title: string;
  skillVotes: Record<string, number> | null | undefined;
}) {
  const rows = skillAverageRows(props.skillVotes);
  if (rows.length === 0) return null;
  return (
    <Stack gap={4} data-testid="skill-averages">
      <Title order={3} size="h6">
        {props.title}
      </Title>
      {rows.map((r) => (
        <Group key={r.skill} gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" miw={110}>
            {r.skill}
          </Text>
          <Text size="sm">{r.average}</Text>
        </Group>
      ))}
    </Stack>
  );
}
