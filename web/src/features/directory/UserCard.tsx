import { Avatar, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { initials } from "../../lib/format";
import { useStorageUrl } from "../../lib/storage";
import type { DirectoryUser } from "./data";
import { DIRECTORY_TEXTS as T } from "./texts";
import classes from "./directory.module.css";
import { profilePath } from "../../app/screens";

/** A member in the directory grid; opens the public profile (the id travels in the state). */
export function UserCard({ user }: { user: DirectoryUser }) {
  const photo = useStorageUrl(user.photoPath);
  return (
    <Card
      component={Link}
      to={profilePath(user.type, user.userName)}
      state={{ uid: user.id }}
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      data-testid="user-card"
    >
      <Stack align="center" gap={6} ta="center">
        <Avatar src={photo.data} size={72} radius="xl" color="teal" alt={T.photoAlt(user.name)}>
          {initials(user.name)}
        </Avatar>
        <Text fw={700} lineClamp={1} data-testid="user-name">
          {user.name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {user.position?.name ?? T.noPosition}
        </Text>
        {user.skills.length > 0 && (
          <Group gap={4} justify="center" mt={4}>
            {user.skills.slice(0, 3).map((s) => (
              <Badge key={s.name} size="xs" variant="light" tt="none">
                {s.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
