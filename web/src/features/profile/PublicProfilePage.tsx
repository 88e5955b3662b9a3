import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Card,
  Container,
  Group,
  Grid,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { GENDER_LABELS, type MemberType } from "@platform/common";
import { IconCake, IconGenderBigender, IconMail, IconMapPin } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router-dom";
import { PageBreadcrumbs } from "../../components/PageBreadcrumbs";
import { PageMeta } from "../../components/PageMeta";
import { ApiError, messageOf } from "../../lib/api";
import { formatBirthDate, initials } from "../../lib/format";
import { useStorageUrl } from "../../lib/storage";
import { useUserProjects } from "../../lib/userProjects";
import { useViewer } from "../../lib/viewer";
import { discardWantedSenior, useContactEmail, useProfileUser, type ProfileUser } from "./data";
import { projectStatusText } from "../../lib/projectRules";
import { SkillAverages } from "../../components/SkillAverages";
import { canEndMentorship, canSeeEmail, formatAddress } from "./format";
import { PROFILE_TEXTS as T } from "./texts";
import { directoryPath, screens } from "../../app/screens";

function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {icon}
      <Text size="sm">
        <Text span c="dimmed" size="sm">{`${label}: `}</Text>
        {value}
      </Text>
    </Group>
  );
}

function EndMentorshipLink({ senior }: { senior: ProfileUser }) {
  const end = useMutation({
    mutationFn: () => discardWantedSenior(senior.id),
    onSuccess: (result) =>
      notifications.show({ color: "teal", message: result.message ?? T.endMentorshipSuccess }),
    onError: (error) =>
      notifications.show({
        color: "red",
        message:
          error instanceof ApiError && error.status === 401
            ? T.sessionExpired
            : messageOf(error, T.genericError),
      }),
  });
  return (
    <Anchor
      component="button"
      type="button"
      c="red"
      size="sm"
      onClick={() => end.mutate()}
      disabled={end.isPending}
      data-testid="end-mentorship"
    >
      {T.endMentorship}
    </Anchor>
  );
}

function ProfileCard({
  user,
  email,
  showEndLink,
}: {
  user: ProfileUser;
  email: string | null;
  showEndLink: boolean;
}) {
  const photo = useStorageUrl(user.photoPath);
  const address = formatAddress(user.address);
  const birthDate = formatBirthDate(user.birthDate);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="profile-card">
      <Stack align="center" ta="center" gap="xs">
        <Avatar src={photo.data} size={120} radius={120} color="teal" alt={T.photoAlt(user.name)}>
          {initials(user.name)}
        </Avatar>
        <Title order={1} fz={24} data-testid="profile-name">
          {user.name}
        </Title>
        <Text c="dimmed">{user.position?.name ?? T.unknown}</Text>
        <Badge variant="light" color={user.type === "SENIOR" ? "indigo" : "teal"}>
          {user.type === "SENIOR" ? "Senior" : "Junior"}
        </Badge>
      </Stack>
      <Stack gap="xs" mt="lg">
        <Fact
          icon={<IconGenderBigender size={18} aria-hidden />}
          label={T.gender}
          value={user.gender ? GENDER_LABELS[user.gender] : T.unknown}
        />
        <Fact
          icon={<IconMapPin size={18} aria-hidden />}
          label={T.address}
          value={address || T.unknown}
        />
        <Fact
          icon={<IconCake size={18} aria-hidden />}
          label={T.birthDate}
          value={birthDate || T.unknown}
        />
        {email && (
          <Fact
            icon={<IconMail size={18} aria-hidden />}
            label={T.email}
            value={
              <Anchor href={`mailto:${email}`} size="sm" data-testid="profile-email">
                {email}
              </Anchor>
            }
          />
        )}
      </Stack>
      <Stack gap={4} mt="lg">
        <Title order={2} fz="md">
          {T.about}
        </Title>
        <Text size="sm" style={{ whiteSpace: "pre-line" }}>
          {user.about?.trim() || T.noAbout}
        </Text>
      </Stack>
      {showEndLink && (
        <Group mt="lg" justify="center">
          <EndMentorshipLink senior={user} />
        </Group>
      )}
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <Grid data-testid="profile-loading">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Skeleton h={480} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack>
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function PublicProfilePage({ type }: { type: MemberType }) {
  const { userName = "" } = useParams();
  const location = useLocation();
  const stateUid = (location.state as { uid?: string } | null)?.uid;
  const profile = useProfileUser(type, userName, stateUid);
  const viewer = useViewer();
  const user = profile.data ?? null;
  const emailAllowed = user !== null && canSeeEmail(viewer.profile, user);
  const email = useContactEmail(user?.id, emailAllowed);
  const projects = useUserProjects(user?.id);
  const directory = directoryPath(type);

  const crumbs = [
    { label: T.home, to: screens.home },
    { label: T.directory(type), to: directory },
    ...(user ? [{ label: user.name }] : []),
  ];

  let body: ReactNode;
  if (profile.isPending) body = <ProfileSkeleton />;
  else if (profile.isError) {
    body = (
      <Alert color="red" data-testid="profile-error">
        {T.error(T.loadFailed)}
      </Alert>
    );
  } else if (!user) {
    body = (
      <Text ta="center" py={48} fz="lg" c="dimmed" data-testid="profile-not-found">
        {T.notFound}
      </Text>
    );
  } else {
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileCard
            user={user}
            email={emailAllowed ? (email.data ?? null) : null}
            showEndLink={canEndMentorship(viewer.profile, user)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title={T.education} testId="profile-education">
              {user.edu_cert.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {T.noEducation}
                </Text>
              ) : (
                <List spacing={4} size="sm">
                  {user.edu_cert.map((e) => (
                    <List.Item key={e}>{e}</List.Item>
                  ))}
                </List>
              )}
            </Section>
            <Section title={T.projects} testId="profile-projects">
              {projects.isPending ? (
                <Skeleton h={40} />
              ) : (projects.data ?? []).length === 0 ? (
                <Text size="sm" c="dimmed">
                  {T.noProjects}
                </Text>
              ) : (
                <Stack gap="xs">
                  {projects.data!.map((p) => (
                    <Group
                      key={p.id}
                      justify="space-between"
                      gap="xs"
                      wrap="nowrap"
                      data-testid="profile-project"
                    >
                      <Stack gap={0} miw={0}>
                        <Anchor
                          component={Link}
                          to={screens.projects}
                          state={{ highlightProjectId: p.id }}
                          fw={600}
                        >
                          {p.title}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          {T.membership(p.positionName, p.duration, p.active)}
                        </Text>
                      </Stack>
                      <Badge
                        variant={p.status === "Ongoing" ? "light" : "default"}
                        color="teal"
                        style={{ flex: "none" }}
                      >
                        {projectStatusText(p.status)}
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title={T.skills} testId="profile-skills">
              {user.skills.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {T.noSkills}
                </Text>
              ) : (
                <Group gap={6}>
                  {user.skills.map((s) => (
                    <Badge key={s.name} variant="outline" tt="none">
                      {s.name}
                    </Badge>
                  ))}
                </Group>
              )}
              <SkillAverages title={T.skillAverages} skillVotes={user.skillVotes} />
            </Section>
            <Section title={T.languages} testId="profile-languages">
              {user.languages.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {T.noLanguages}
                </Text>
              ) : (
                <Table>
                  <Table.Tbody>
                    {user.languages.map((l) => (
                      <Table.Tr key={l.language}>
                        <Table.Td>{l.language}</Table.Td>
                        <Table.Td>{l.level}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Container size="xl" py="xl">
      <PageMeta
        title={user ? user.name : T.directory(type)}
        description={user ? T.metaDescription(user.name, user.position?.name ?? "") : T.notFound}
      />
      <Stack gap="lg">
        <PageBreadcrumbs items={crumbs} />
        {body}
      </Stack>
    </Container>
  );
}

export const JuniorProfilePage = () => <PublicProfilePage type="JUNIOR" />;
export const SeniorProfilePage = () => <PublicProfilePage type="SENIOR" />;
