import {
  ActionIcon,
  Anchor,
  Box,
  Divider,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { paths, type NotificationDoc } from "@platform/common";
import { IconBell } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import {
  collection,
  getCount,
  getDocs,
  limit,
  orderBy,
  query,
  where,
} from "firebase/firestore/lite";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { db } from "../../lib/firebase";
import { toDate, withId } from "../../lib/firestore";
import { notificationTitle, SHELL_TEXTS } from "./texts";

/** Width from which the bell opens a dropdown instead of the notifications page (spec §9). */
export const BELL_DROPDOWN_MIN_WIDTH = 1180;

function useUnreadCount(uid: string) {
  return useQuery({
    queryKey: ["notifications", uid, "unread-count"],
    queryFn: async () => {
      const unread = query(
        collection(db, paths.notifications),
        where("userId", "==", uid),
        where("read", "==", false),
      );
      return (await getCount(unread)).data().count;
    },
  });
}

function useLatestNotifications(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: ["notifications", uid, "latest"],
    enabled,
    queryFn: async () => {
      const latest = query(
        collection(db, paths.notifications),
        where("userId", "==", uid),
        orderBy("createdAt", "desc"),
        limit(20),
      );
      return (await getDocs(latest)).docs.map((d) => withId<NotificationDoc>(d));
    },
  });
}

/** Bell with the unread badge: a link to /bildirimler below 1180 px, a dropdown above. */
export function NotificationBell({ uid }: { uid: string }) {
  const wide = useMediaQuery(`(min-width: ${BELL_DROPDOWN_MIN_WIDTH}px)`);
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const unread = useUnreadCount(uid).data ?? 0;
  const latest = useLatestNotifications(uid, opened);
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
        to="/bildirimler"
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
            {latest.data?.length === 0 && (
              <Text p="md" c="dimmed" size="sm">
                {SHELL_TEXTS.noNotifications}
              </Text>
            )}
            {latest.data?.map((n) => (
              <UnstyledButton
                key={n.id}
                px="md"
                py="sm"
                onClick={() => {
                  setOpened(false);
                  navigate("/bildirimler");
                }}
                style={{
                  borderLeft: n.read
                    ? "3px solid transparent"
                    : "3px solid var(--mantine-color-green-6)",
                  opacity: n.read ? 0.65 : 1,
                }}
              >
                <Text size="sm" fw={n.read ? 400 : 700}>
                  {notificationTitle(n.type, n.content)}
                </Text>
                {n.content.projectTitle && (
                  <Text size="xs" c="dimmed">
                    {n.content.projectTitle}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {toDate(n.createdAt)?.toLocaleString("tr-TR", { timeZone: "Europe/Istanbul" })}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Divider />
        <Box p="sm" ta="center">
          <Anchor component={Link} to="/bildirimler" size="sm" onClick={() => setOpened(false)}>
            {SHELL_TEXTS.allNotifications}
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
