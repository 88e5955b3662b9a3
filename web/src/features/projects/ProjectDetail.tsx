import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Progress,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft, IconExternalLink } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { messageOf } from "../../lib/api";
import { toDate } from "../../lib/firestore";
import { initials } from "../../lib/format";
import { viewerKeys, type Viewer } from "../../lib/viewer";
import {
  applyToPosition,
  projectKeys,
  useOpenPositions,
  useProjectDetail,
  useProjectDetailUpdates,
  type Position,
  type Project,
} from "./data";
import { ProjectImage, StatusLine } from "./ProjectCard";
import {
  elapsedText,
  extractPresentationLink,
  joinRefusal,
  positionTypeLabel,
  projectTypeLabel,
} from "../../lib/projectRules";
import { PROJECT_TEXTS as T } from "./texts";
import classes from "./projects.module.css";
import { profilePath } from "../../app/screens";

function TeamStrip({ project }: { project: Project }) {
  if (project.team.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {T.noTeam}
      </Text>
    );
  }
  return (
    <div className={classes.teamStrip} data-testid="team-strip">
      {project.team.map((member) => (
        <Card
          key={member.uid}
          component={Link}
          to={profilePath(member.type, member.userName)}
          state={{ uid: member.uid }}
          withBorder
          radius="md"
          padding="sm"
          className={classes.teamCard}
          data-testid="team-member"
        >
          <Stack gap={6} align="center" ta="center">
            <Avatar radius="xl" color="teal" alt="">
              {initials(member.name)}
            </Avatar>
            <Text size="sm" fw={600} lineClamp={1}>
              {member.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {member.positionName}
            </Text>
            <Badge size="xs" variant="light" color={member.type === "SENIOR" ? "indigo" : "teal"}>
              {member.type === "SENIOR" ? "Senior" : "Junior"}
            </Badge>
          </Stack>
        </Card>
      ))}
    </div>
  );
}

function Qualifications({ position }: { position: Position | undefined }) {
  if (!position)
    return (
      <Text size="sm" c="dimmed">
        {T.choosePosition}
      </Text>
    );
  if (position.expectations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {T.noQualifications}
      </Text>
    );
  }
  return (
    <Group gap={6} data-testid="qualifications">
      {position.expectations.map((e) => (
        <Badge key={e} variant="outline" tt="none">
          {e}
        </Badge>
      ))}
    </Group>
  );
}

interface ProjectDetailProps {
  project: Project;
  viewer: Viewer;
  now: Date;
  /** Under 640 px the detail replaces the list; this goes back to it. */
  onBack?: () => void;
}

/** Right-hand (or, on phones, full-width) detail of the selected project. */
export function ProjectDetail(props: ProjectDetailProps) {
  const { viewer, now, onBack } = props;
  const detail = useProjectDetail(props.project.id);
  useProjectDetailUpdates(props.project.id, viewer.signedIn);
  // the list's copy stands in while the detail loads, and when it cannot be read
  const project = detail.data ?? props.project;
  const positions = useOpenPositions(project.id);
  const [positionId, setPositionId] = useState<string | null>(null);
  const chosen = positions.data?.find((p) => p.id === positionId);
  const about = extractPresentationLink(project.definition ?? "");
  const queryClient = useQueryClient();

  const apply = useMutation({
    mutationFn: (position: Position) => applyToPosition(position.id),
    onSuccess: (result, position) => {
      if (result.success === false) {
        notifications.show({ color: "red", message: result.message ?? T.applyFailed });
        return;
      }
      notifications.show({ color: "teal", message: T.applySuccess });
      // from now on the member counts as in a project, before the profile is read again
      queryClient.setQueryData<Viewer["profile"]>(viewerKeys.profile(viewer.uid), (profile) =>
        profile
          ? { ...profile, activeApplication: { projectId: project.id, positionId: position.id } }
          : profile,
      );
      void queryClient.invalidateQueries({ queryKey: viewerKeys.profile(viewer.uid) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
    onError: (error) =>
      notifications.show({ color: "red", message: messageOf(error, T.applyError) }),
  });

  const join = () => {
    // The refusals read the member's profile: until it has loaded, nothing can be decided.
    if (!chosen || viewer.loading) return;
    const refusal = joinRefusal(viewer.profile, chosen.positionName);
    if (refusal) {
      notifications.show({ color: "red", message: refusal });
      return;
    }
    apply.mutate(chosen);
  };

  const openPositions = positions.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="project-detail">
      <Stack gap="lg">
        {onBack && (
          <Group>
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={18} />}
              onClick={onBack}
              px={0}
            >
              {T.back}
            </Button>
          </Group>
        )}
        {detail.isError && (
          <Alert color="red" role="alert" data-testid="project-detail-error">
            {T.detailFailed}
          </Alert>
        )}
        <ProjectImage project={project} height={180} />
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {project.title}
            </Title>
            <Badge variant="light" size="lg" data-testid="detail-type" style={{ flexShrink: 0 }}>
              {projectTypeLabel(project.type)}
            </Badge>
          </Group>
          <Group gap="lg">
            <StatusLine project={project} />
            <Text size="sm" c="dimmed">
              {`${T.elapsed}: ${elapsedText(toDate(project.startedAt), now)}`}
            </Text>
            <Text size="sm" c="dimmed">
              {`${T.membersLabel(project.memberCount, project.allPositionCount)}`}
            </Text>
          </Group>
          <Box>
            <Text size="xs" c="dimmed" mb={4}>
              {`${T.completed}: %${project.completed_percentage ?? 0}`}
            </Text>
            <Progress
              value={project.completed_percentage ?? 0}
              aria-label={`${T.completed} %${project.completed_percentage ?? 0}`}
            />
          </Box>
        </Stack>

        <Stack gap={6} component="section" aria-label={T.about}>
          <Title order={3} fz="lg">
            {T.about}
          </Title>
          <Text style={{ whiteSpace: "pre-line" }} data-testid="project-about">
            {about.text || T.noDescription}
          </Text>
          {about.link && (
            <Anchor
              href={about.link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="presentation-link"
            >
              <Group gap={4} component="span">
                {T.presentation}
                <IconExternalLink size={16} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Stack>

        <Stack gap="sm" component="section" aria-label={T.openPositions}>
          {positions.isPending ? (
            <Skeleton h={80} />
          ) : positions.isError ? (
            <Alert color="red">{T.positionsError}</Alert>
          ) : openPositions.length === 0 ? (
            <>
              <Title order={3} fz="lg">
                {T.openPositions}
              </Title>
              <Text size="sm" c="dimmed">
                {T.noOpenPositions}
              </Text>
            </>
          ) : (
            <Radio.Group
              label={
                <Title order={3} fz="lg">
                  {T.openPositions}
                </Title>
              }
              description={viewer.signedIn ? undefined : T.signInToApply}
              value={positionId}
              onChange={setPositionId}
            >
              <Stack gap="xs" mt="xs">
                {openPositions.map((p) => (
                  <Radio
                    key={p.id}
                    value={p.id}
                    disabled={!viewer.signedIn}
                    label={`${positionTypeLabel(p.type)} ${p.positionName}`}
                    data-testid="position-radio"
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </Stack>

        <Stack gap={6} component="section" aria-label={T.qualifications}>
          <Title order={3} fz="lg">
            {T.qualifications}
          </Title>
          <Qualifications position={chosen} />
        </Stack>

        <Stack gap={6} component="section" aria-label={T.team}>
          <Title order={3} fz="lg">
            {T.team}
          </Title>
          <TeamStrip project={project} />
        </Stack>

        {viewer.signedIn && openPositions.length > 0 && (
          <Button
            size="md"
            onClick={join}
            // waits for the member's profile (position, current project) the refusals check
            loading={apply.isPending || viewer.loading}
            disabled={!chosen}
            data-testid="join-button"
          >
            {T.join}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
