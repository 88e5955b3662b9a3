import "../../app/styles/member";
import { Alert, Button, Container, Skeleton, Stack, Text, Title } from "@mantine/core";
import { PageBreadcrumbs } from "../../components/PageBreadcrumbs";
import { usePageMeta } from "../../components/PageMeta";
import { messageOf } from "../../lib/api/errors";
import { useViewer } from "../../lib/viewer";
import { useNotificationList } from "./data";
import { NotificationRow } from "./NotificationRow";
import { NOTIFICATION_TEXTS as T } from "./texts";
import { useNotificationActions } from "./useNotificationActions";
import { screens } from "../../app/screens";

/** `screens.notifications`: count, breadcrumb and the list; a click marks read and follows docs/product-rules.md#notification-read-delete. */
export function NotificationsPage() {
  usePageMeta({ title: T.title, description: T.description });
  const viewer = useViewer();
  const list = useNotificationList(viewer.uid, viewer.signedIn);
  const { open, del } = useNotificationActions();
  const now = new Date();

  const items = list.data?.notifications ?? [];
  return (
    <Container size="md" py="xl" data-testid="notifications-page">
      <Stack gap="md">
        <PageBreadcrumbs items={[{ label: T.home, to: screens.home }, { label: T.title }]} />
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
