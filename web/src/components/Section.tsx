import { ActionIcon, Group, Paper, Stack, Title, type MantineSpacing } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { ReactNode } from "react";

export interface SectionEdit {
  /** The pencil button's accessible name (the feature's text, e.g. '… düzenle'). */
  label: string;
  onClick: () => void;
}

/**
 * A titled, bordered block of a page: the account page's sections (payment and earnings
 * included) and the project edit page's. `edit` puts a pencil button beside the title; `id` is
 * the anchor a link can jump to (`#kazanclarim`).
 */
export function Section(props: {
  title: string;
  children: ReactNode;
  id?: string;
  testId?: string;
  /** Space between the title and the blocks below it. */
  gap?: MantineSpacing;
  edit?: SectionEdit;
}) {
  const title = (
    <Title order={2} size="h4">
      {props.title}
    </Title>
  );
  return (
    <Paper withBorder radius="md" p="md" id={props.id} data-testid={props.testId}>
      <Stack gap={props.gap ?? "xs"}>
        {props.edit ? (
          <Group justify="space-between" wrap="nowrap">
            {title}
            <ActionIcon variant="subtle" aria-label={props.edit.label} onClick={props.edit.onClick}>
              <IconPencil size={18} />
            </ActionIcon>
          </Group>
        ) : (
          title
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}
