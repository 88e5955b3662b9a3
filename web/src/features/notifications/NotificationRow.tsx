import { ActionIcon, Box, Group, Paper, Text, UnstyledButton } from "@mantine/core";
import type { NotificationDto } from "@platform/common";
import { IconX } from "@tabler/icons-react";
import { elapsedText, titleOf } from "./rules";
import { NOTIFICATION_TEXTS as T } from "./texts";

/**
 * One notification as docs/product-rules.md#notification-read-delete shows it, on the page and in the bell's dropdown: unread bold with a
 * green left border and a dot, read dimmed, the elapsed time, and a cross that deletes it.
 */
export function NotificationRow(props: {
  /** Tighter, borderless rows for the dropdown. */
  compact?: boolean;
  item: NotificationDto;
  now: Date;
  onOpen: (n: NotificationDto) => void;
  onDelete: (n: NotificationDto) => void;
}) {
  const { item } = props;
  const created = item.createdAt ? new Date(item.createdAt) : null;
  return (
    <Paper
      withBorder={!props.compact}
      radius={props.compact ? 0 : "sm"}
      data-testid="notification"
      data-read={item.read ? "true" : "false"}
      style={{
        borderLeft: item.read ? "4px solid transparent" : "4px solid var(--mantine-color-green-6)",
        opacity: item.read ? 0.65 : 1,
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="xs" p={props.compact ? "xs" : "sm"}>
        <UnstyledButton style={{ flex: 1 }} onClick={() => props.onOpen(item)}>
          <Group gap="xs" wrap="nowrap" align="center">
            {!item.read && (
              <Box
                w={8}
                h={8}
                bg="green.6"
                style={{ borderRadius: "50%", flex: "none" }}
                aria-label={T.unreadDot}
                role="img"
              />
            )}
            <Text fw={item.read ? 400 : 700}>{item.title || titleOf(item)}</Text>
          </Group>
          {item.content.projectTitle && (
            <Text size="sm" c="dimmed">
              {item.content.projectTitle}
            </Text>
          )}
          {created && (
            <Text size="xs" c="dimmed">
              {elapsedText(created, props.now)}
            </Text>
          )}
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={T.delete}
          onClick={() => props.onDelete(item)}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
