import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { notifications as toasts } from "@mantine/notifications";
import type { NotificationDto } from "@platform/common";
import { IconX } from "@tabler/icons-react";
import { useNavigate } from "react-router-dom";
import { PageBreadcrumbs } from "../../components/PageBreadcrumbs";
import { usePageMeta } from "../../components/PageMeta";
import { messageOf } from "../../lib/api/errors";
import { useViewer } from "../../lib/viewer";
import { useDeleteNotification, useMarkRead, useNotificationList } from "./data";
import { VOTE_QUERY_PARAM, elapsedText, notificationAction, titleOf } from "./rules";
import { NOTIFICATION_TEXTS as T } from "./texts";

function NotificationRow(props: {
  item: NotificationDto;
  now: Date;
  onOpen: (n: NotificationDto) => void;
  onDelete: (n: NotificationDto) => void;
}) {
  const { item } = props;
  const created = item.createdAt ? new Date(item.createdAt) : null;
  return (
    <Paper
      withBorder
      radius="sm"
      data-testid="notification"
      data-read={item.read ? "true" : "false"}
      style={{
        borderLeft: item.read ? "4px solid transparent" : "4px solid var(--mantine-color-green-6)",
        opacity: item.read ? 0.65 : 1,
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="xs" p="sm">
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

/** /bildirimler: count, breadcrumb and the list; a click marks read and follows §4. */
export function NotificationsPage() {
  usePageMeta({ title: T.title, description: T.description });
  const navigate = useNavigate();
  const viewer = useViewer();
  const list = useNotificationList(viewer.signedIn);
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const now = new Date();

  const open = async (n: NotificationDto) => {
    if (!n.read) {
      try {
        await markRead.mutateAsync(n._id);
      } catch (err) {
        toasts.show({ color: "red", message: messageOf(err) });
      }
    }
    const action = notificationAction(n, viewer.profile?.userName ?? "");
    if (action.kind === "vote") {
      navigate({ search: `?${VOTE_QUERY_PARAM}=${encodeURIComponent(action.voteId)}` });
    } else {
      navigate(action.to, action.state ? { state: action.state } : undefined);
    }
  };
  const del = (n: NotificationDto) =>
    remove.mutate(n._id, {
      onError: (err) => toasts.show({ color: "red", message: messageOf(err) }),
    });

  const items = list.data?.notifications ?? [];
  return (
    <Container size="md" py="xl" data-testid="notifications-page">
      <Stack gap="md">
        <PageBreadcrumbs items={[{ label: T.home, to: "/" }, { label: T.title }]} />
        <Title order={1}>{T.heading(list.data?.total ?? items.length)}</Title>
        {list.isPending && (
          <Stack gap="sm">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={72} radius="sm" />
            ))}
          </Stack>
        )}
        {list.isError && (
          <Alert color="red" role="alert">
            <Stack gap="xs">
              <Text>{messageOf(list.error, T.loadFailed)}</Text>
              <Button variant="light" w="fit-content" onClick={() => list.refetch()}>
                {T.retry}
              </Button>
            </Stack>
          </Alert>
        )}
        {list.isSuccess && items.length === 0 && <Text c="dimmed">{T.empty}</Text>}
        {items.map((n) => (
          <NotificationRow key={n._id} item={n} now={now} onOpen={open} onDelete={del} />
        ))}
      </Stack>
    </Container>
  );
}
