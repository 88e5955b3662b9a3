import "../../app/styles/member";
import {
  ActionIcon,
  Anchor,
  Box,
  Divider,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { NotificationDto } from "@platform/common";
import { IconBell } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { SHELL_TEXTS } from "../../components/shell/texts";
import { messageOf } from "../../lib/api/errors";
import { useNotificationList, useUnreadCount } from "./data";
import { NOTIFICATION_TEXTS } from "./texts";
import { NotificationRow } from "./NotificationRow";
import { useNotificationActions } from "./useNotificationActions";
import { screens } from "../../app/screens";

/** Width from which the bell opens a dropdown instead of the notifications page (docs/product-rules.md#screen-shell). */
export const BELL_DROPDOWN_MIN_WIDTH = 1180;

/** Bell with the unread badge: a link to the notifications page below 1180 px, a dropdown above. */
export function NotificationBell({ uid }: { uid: string }) {
  const wide = useMediaQuery(`(min-width: ${BELL_DROPDOWN_MIN_WIDTH}px)`);
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount(uid).data ?? 0;
  // The same list as the notifications page (one cache): the dropdown shows it while open.
  const list = useNotificationList(uid, opened);
  const actions = useNotificationActions();
  const items = list.data?.notifications ?? [];
  const now = new Date();
  const open = (n: NotificationDto) => {
    setOpened(false);
    void actions.open(n);
  };
  const label = unread > 0 ? SHELL_TEXTS.unread(unread) : SHELL_TEXTS.notifications;

  const bell = (
    <Indicator
      label={unread > 99 ? "99+" : unread}
      size={18}
      color="red"
      disabled={unread === 0}
      offset={4}
      data-testid="bell-badge"
    >
      <IconBell size={22} />
    </Indicator>
  );

  if (!wide) {
    return (
      <ActionIcon
        component={Link}
        to={screens.notifications}
        variant="subtle"
        size="lg"
        aria-label={label}
        data-testid="bell"
      >
        {bell}
      </ActionIcon>
    );
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          aria-expanded={opened}
          data-testid="bell"
          onClick={() => setOpened((o) => !o)}
        >
          {bell}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="bell-dropdown">
        <ScrollArea.Autosize mah={400} type="auto">
          <Stack gap={0}>
            {list.isPending && <Skeleton h={64} m="sm" w="auto" />}
            {list.isError && (
              <Text p="md" c="red" size="sm" role="alert">
                {messageOf(list.error)}
              </Text>
            )}
            {list.isSuccess && items.length === 0 && (
              <Text p="md" c="dimmed" size="sm">
                {NOTIFICATION_TEXTS.empty}
              </Text>
            )}
            {items.map((n) => (
              <NotificationRow
                key={n._id}
                compact
                item={n}
                now={now}
                onOpen={open}
                onDelete={actions.del}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Divider />
        <Box p="sm" ta="center">
          <Anchor
            component={Link}
            to={screens.notifications}
            size="sm"
            onClick={() => setOpened(false)}
          >
            {SHELL_TEXTS.allNotifications}
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
