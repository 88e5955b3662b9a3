import { Badge, Box, Card, Group, Image, Skeleton, Stack, Text } from "@mantine/core";
import { IconPhoto, IconUsers } from "@tabler/icons-react";
import { forwardRef } from "react";
import { toDate } from "../../lib/firestore";
import { useStorageUrl } from "../../lib/storage";
import type { Project } from "./data";
import {
  isNewProject,
  projectStatusColor,
  projectStatusText,
  projectTypeLabel,
} from "../../lib/projectRules";
import { PROJECT_TEXTS as T } from "./texts";
import classes from "./projects.module.css";

/**
 * The project's picture, or a placeholder until (and unless) there is one. Each picture follows
 * its own download URL, so one arriving redraws only itself, not the whole list.
 */
export function ProjectImage({ project, height }: { project: Project; height: number }) {
  const url = useStorageUrl(project.imagePath).data;
  if (url) {
    return <Image src={url} alt={T.imageAlt(project.title)} h={height} fit="cover" radius="sm" />;
  }
  return (
    <Box
      className={classes.imagePlaceholder}
      h={height}
      role="img"
      aria-label={T.imageAlt(project.title)}
      data-testid="project-image-placeholder"
    >
      <IconPhoto size={Math.min(40, height / 2)} aria-hidden />
    </Box>
  );
}

export function StatusLine({ project }: { project: Project }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        className={classes.statusDot}
        bg={`var(--mantine-color-${projectStatusColor(project.status)}-6)`}
        aria-hidden
      />
      <Text size="sm" data-testid="project-status">
        {projectStatusText(project.status)}
      </Text>
    </Group>
  );
}

interface ProjectCardProps {
  project: Project;
  selected: boolean;
  highlighted: boolean;
  now: Date;
  onSelect: () => void;
}

/** One project of the master list. */
export const ProjectCard = forwardRef<HTMLButtonElement, ProjectCardProps>(function ProjectCard(
  { project, selected, highlighted, now, onSelect },
  ref,
) {
  const description = project.definition?.trim() || T.noDescription;
  return (
    <Card
      ref={ref}
      component="button"
      type="button"
      withBorder
      radius="md"
      padding="sm"
      className={classes.card}
      data-selected={selected || undefined}
      data-highlighted={highlighted || undefined}
      aria-current={selected ? "true" : undefined}
      data-testid="project-card"
      data-project-id={project.id}
      onClick={onSelect}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Box w={88} style={{ flexShrink: 0 }}>
          <ProjectImage project={project} height={88} />
        </Box>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6}>
            {isNewProject(toDate(project.startedAt), now) && (
              <Badge size="sm" color="grape" variant="filled">
                {T.newProject}
              </Badge>
            )}
            <Badge size="sm" variant="light" data-testid="project-type">
              {projectTypeLabel(project.type)}
            </Badge>
          </Group>
          <Text fw={700} lineClamp={2}>
            {project.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {description}
          </Text>
          <Group justify="space-between" gap="xs">
            <StatusLine project={project} />
            <Group
              gap={4}
              wrap="nowrap"
              aria-label={T.membersLabel(project.memberCount, project.allPositionCount)}
            >
              <IconUsers size={16} aria-hidden />
              <Text size="sm" data-testid="project-members">
                {`${project.memberCount}/${project.allPositionCount}`}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
});

export function ProjectCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="project-skeleton">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Skeleton w={88} h={88} radius="sm" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={14} w="40%" />
          <Skeleton h={16} w="80%" />
          <Skeleton h={12} w="95%" />
          <Skeleton h={12} w="60%" />
        </Stack>
      </Group>
    </Card>
  );
}
