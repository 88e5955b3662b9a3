import "../../app/styles/member";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  GENDER_LABELS,
  RATING_CATEGORIES,
  RATING_CATEGORY_LABELS,
  SOCIAL_NETWORKS,
  hasProjectManagerPosition,
  type UserDto,
  type UserProjectDto,
} from "@platform/common";
import { IconCircleCheck, IconDots } from "@tabler/icons-react";
import { useEffect, useState, type ReactNode } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router-dom";
import { usePageMeta } from "../../components/PageMeta";
import { Section, type SectionEdit } from "../../components/Section";
import { SkillAverages } from "../../components/SkillAverages";
import { messageOf } from "../../lib/api/errors";
import { formatAddress, formatAverage } from "../../lib/format";
import { useLogout } from "../../lib/session/useSession";
import { useOwnProjects } from "../../lib/userProjects";
import { useViewer } from "../../lib/viewer";
import { projectStatusText } from "../../lib/projectRules";
import {
  useAccountFeedbacks,
  useAccountUser,
  useLeaveProject,
  usePendingVotes,
  useSendConfirmation,
} from "./data";
import {
  SCROLL_DELAY_MS,
  SCROLL_OFFSET_PX,
  emailVerificationOutcome,
  formatBirthDate,
  hasProjectMenu,
  hashTarget,
  showsSurvey,
  socialDisplay,
} from "./rules";
import { EditSectionModal, type EditSection } from "./EditSectionModal";
import { PhotoControls } from "./PhotoControls";
import { EarningsSection, PaymentSection } from "./PaymentSections";
import { DataRights } from "./DataRights";
import { EDIT_TEXTS as E, ACCOUNT_TEXTS as T } from "./texts";
import { accountPath, projectEditPath } from "../../app/screens";

/** The pencil button of an account section, named after the section ('… düzenle'). */
const editOf = (title: string, onClick: () => void): SectionEdit => ({
  label: E.edit(title),
  onClick,
});

function Field(props: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" miw={110}>
        {props.label}
      </Text>
      {/* long values (an e-mail, a link) wrap inside the card on a phone */}
      <Text size="sm" component="div" miw={0} style={{ overflowWrap: "anywhere" }}>
        {props.children}
      </Text>
    </Group>
  );
}

/** A section whose own data could not be read; the rest of the page stays usable. */
function SectionFailed() {
  return (
    <Text size="sm" c="red" role="alert">
      {T.sectionFailed}
    </Text>
  );
}

/** Requests the confirmation mail for the member's address, with the docs/product-rules.md#email-verification toasts. */
function useConfirmationRequest(email: string) {
  const send = useSendConfirmation();
  const request = () =>
    send.mutate(email, {
      onSuccess: () => notifications.show({ color: "blue", message: T.confirmationSent }),
      onError: (err) =>
        notifications.show({ color: "red", message: messageOf(err, T.confirmationFailed) }),
    });
  return { request, pending: send.isPending };
}

/** What the confirmation link reported: confirmed, or expired with a way to get a new link. */
function EmailVerificationResult({ user }: { user: UserDto }) {
  const { search } = useLocation();
  const outcome = emailVerificationOutcome(search);
  const resend = useConfirmationRequest(user.email ?? "");
  if (outcome === "confirmed") {
    return (
      <Alert color="teal" role="status" mb="md" data-testid="email-verification-result">
        {T.emailConfirmed}
      </Alert>
    );
  }
  if (outcome === "expired" && !user.isEmailVerified) {
    return (
      <Alert color="red" role="alert" mb="md" data-testid="email-verification-result">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{T.confirmationExpired}</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={resend.request}
            loading={resend.pending}
          >
            {T.resendConfirmation}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return null;
}

function ContactSection({ user, onEdit }: { user: UserDto; onEdit: () => void }) {
  const send = useConfirmationRequest(user.email ?? "");
  const confirm = send.request;
  return (
    <Section title={T.contact} testId="account-contact" edit={editOf(T.contact, onEdit)}>
      <Field label={T.email}>
        <Group gap={6} wrap="wrap">
          <span>{user.email ?? T.empty}</span>
          {user.isEmailVerified ? (
            <IconCircleCheck
              size={18}
              color="var(--mantine-color-teal-6)"
              aria-label={T.verified}
            />
          ) : (
            <Button variant="subtle" size="compact-sm" onClick={confirm} loading={send.pending}>
              {T.verifyPrompt}
            </Button>
          )}
        </Group>
      </Field>
      <Field label={T.telephone}>{user.telephone || T.empty}</Field>
    </Section>
  );
}

/** 'Ayrıl' asks first, as deleting a position does (yes / no). */
function LeaveConfirm(props: { project: UserProjectDto; opened: boolean; onClose: () => void }) {
  const leave = useLeaveProject();
  const confirm = () =>
    leave.mutate(props.project._id, {
      onSuccess: () => notifications.show({ color: "teal", message: T.leaveSuccess }),
      onError: (err) =>
        notifications.show({ color: "red", message: messageOf(err, T.leaveFailed) }),
      onSettled: props.onClose,
    });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={T.leaveConfirmTitle} centered>
      <Stack gap="md">
        <Text>{T.leaveConfirmText(props.project.title)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {T.no}
          </Button>
          <Button color="red" loading={leave.isPending} onClick={confirm}>
            {T.yes}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ProjectRow({ project, canEdit }: { project: UserProjectDto; canEdit: boolean }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const ongoing = hasProjectMenu(project.status);
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="account-project">
      <LeaveConfirm project={project} opened={leaving} onClose={() => setLeaving(false)} />
      <Stack gap={0}>
        <Text fw={600}>{project.title}</Text>
        <Text size="sm" c="dimmed">
          {project.positionName} · {projectStatusText(project.status)} · {T.days(project.duration)}
        </Text>
      </Stack>
      {ongoing && project.active && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={T.projectMenu(project.title)}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              disabled={!canEdit}
              onClick={() =>
                navigate(projectEditPath(project._id), { state: { projectId: project._id } })
              }
            >
              {T.edit}
            </Menu.Item>
            <Menu.Item color="red" onClick={() => setLeaving(true)}>
              {T.leave}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** The five rating averages of the feedback section (docs/product-rules.md#screen-account, #votes-submission). */
function RatingAverages({ totalRate }: { totalRate: UserDto["totalRate"] }) {
  if (!totalRate) {
    return (
      <Text size="sm" c="dimmed">
        {T.noRatings}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="rating-averages">
      {RATING_CATEGORIES.map((c) => (
        <Field key={c} label={RATING_CATEGORY_LABELS[c]}>
          {formatAverage(totalRate[c])}
        </Field>
      ))}
    </Stack>
  );
}

/** Scrolls to the section a hash names, 100 px above it, after 500 ms (docs/product-rules.md#screen-account). */
function useHashScroll(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hashTarget(hash);
    if (!ready || !target) return;
    const id = window.setTimeout(() => {
      const el = document.getElementById(target);
      if (el) {
        const top = el.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
        window.scrollTo({ top, behavior: "smooth" });
      }
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [hash, ready]);
}

/** `screens.account` (by name slug): the signed-in member's own page. */
export function AccountPage() {
  usePageMeta({ title: T.title, description: T.description });
  const viewer = useViewer();
  const { nameSlug } = useParams();
  const location = useLocation();
  const user = useAccountUser(viewer.uid);
  const projects = useOwnProjects(viewer.uid);
  const feedbacks = useAccountFeedbacks(viewer.uid);
  const logout = useLogout();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<EditSection | null>(null);
  const survey = showsSurvey(user.data?.type ?? "", true);
  const pending = usePendingVotes(viewer.uid, survey);
  useHashScroll(user.isSuccess && feedbacks.isSuccess);

  if (user.isPending) {
    return (
      <Container size="lg" py="xl" data-testid="account-loading">
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={280} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={120} radius="md" />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    );
  }
  if (user.isError) {
    return (
      <Container size="lg" py="xl">
        <Alert color="red" role="alert">
          {messageOf(user.error, T.loadFailed)}
        </Alert>
      </Container>
    );
  }
  const u = user.data;
  if (!u) {
    return (
      <Container size="lg" py="xl">
        <Text>{T.emptyRecord}</Text>
      </Container>
    );
  }

  // the address carries the member's own slug; any other slug is replaced (keeping the hash)
  if (u.userName && nameSlug !== u.userName) {
    return <Navigate to={`${accountPath(u.userName)}${location.search}${location.hash}`} replace />;
  }
  const canEdit = hasProjectManagerPosition(u.position?.name);
  return (
    <Container size="lg" py="xl" data-testid="account-page">
      <EditSectionModal section={editing} user={u} onClose={() => setEditing(null)} />
      <Title order={1} mb="md">
        {T.title}
      </Title>
      <EmailVerificationResult user={u} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="lg" data-testid="account-card">
            <Stack align="center" gap="xs">
              <PhotoControls uid={viewer.uid} src={u.photoUrl} name={u.name} />
              <Title order={2} size="h3" ta="center">
                {u.name}
              </Title>
              {u.position && <Text c="dimmed">{u.position.name}</Text>}
              <Badge variant="light">{u.type === "SENIOR" ? "Senior" : "Junior"}</Badge>
              <Button variant="light" color="red" onClick={() => void logout()} mt="sm">
                {T.logout}
              </Button>
            </Stack>
          </Paper>
          <Stack mt="md">
            <DataRights />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Section
              title={T.personal}
              testId="account-personal"
              edit={editOf(T.personal, () => setEditing("personal"))}
            >
              <Field label={T.gender}>{u.gender ? GENDER_LABELS[u.gender] : T.empty}</Field>
              <Field label={T.address}>{formatAddress(u.address) || T.empty}</Field>
              <Field label={T.birthDate}>
                {u.birthDate ? formatBirthDate(u.birthDate) : T.empty}
              </Field>
            </Section>
            <ContactSection user={u} onEdit={() => setEditing("contact")} />
            <Section
              title={T.social}
              testId="account-social"
              edit={editOf(T.social, () => setEditing("social"))}
            >
              {SOCIAL_NETWORKS.map((n) => (
                <Field key={n} label={T.social_names[n]}>
                  {socialDisplay(u.social_medias, n)}
                </Field>
              ))}
            </Section>
            <Section
              title={T.about}
              testId="account-about"
              edit={editOf(T.about, () => setEditing("about"))}
            >
              <Text size="sm" c={u.about ? undefined : "dimmed"}>
                {u.about || T.aboutEmpty}
              </Text>
            </Section>
            <Section
              title={T.skills}
              testId="account-skills"
              edit={editOf(T.skills, () => setEditing("skills"))}
            >
              <Group gap="xs">
                {u.skills.length === 0 && <Text size="sm">{T.empty}</Text>}
                {u.skills.map((s) => (
                  <Badge key={s.name} variant="outline">
                    {s.name}
                  </Badge>
                ))}
              </Group>
            </Section>
            <Section
              title={T.languages}
              testId="account-languages"
              edit={editOf(T.languages, () => setEditing("languages"))}
            >
              {u.languages.length === 0 && <Text size="sm">{T.empty}</Text>}
              {u.languages.map((l) => (
                <Field key={l.language} label={l.language}>
                  {l.level}
                </Field>
              ))}
            </Section>
            <Section
              title={T.education}
              testId="account-education"
              edit={editOf(T.education, () => setEditing("education"))}
            >
              {u.edu_cert.length === 0 && <Text size="sm">{T.empty}</Text>}
              {u.edu_cert.map((e) => (
                <Text key={e} size="sm">
                  {e}
                </Text>
              ))}
            </Section>
            <Section title={T.projects} testId="account-projects">
              {projects.isError && <SectionFailed />}
              {projects.isSuccess && projects.data.length === 0 && <Text size="sm">{T.empty}</Text>}
              {(projects.data ?? []).map((p) => (
                <ProjectRow key={p._id} project={p} canEdit={canEdit} />
              ))}
            </Section>
            <PaymentSection />
            <EarningsSection />
            {survey && (
              <Section title={T.survey} id="anketOylamasi" testId="account-survey">
                {(pending.data ?? []).length > 0 && (
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {T.pendingVotes}
                    </Text>
                    {(pending.data ?? []).map((v) => (
                      <Button
                        key={v.voteId}
                        variant="light"
                        size="compact-sm"
                        w="fit-content"
                        onClick={() =>
                          navigate({ search: `?oylama=${encodeURIComponent(v.voteId)}` })
                        }
                      >
                        {T.rate(v.targetUser.name)}
                      </Button>
                    ))}
                  </Stack>
                )}
                {(pending.data ?? []).length === 0 && (
                  <Text size="sm" c="dimmed">
                    {T.noPendingVotes}
                  </Text>
                )}
              </Section>
            )}
            <Section title={T.feedback} id="geriBildirimler" testId="account-feedback">
              <RatingAverages totalRate={u.totalRate} />
              <SkillAverages title={T.skillAverages} skillVotes={u.skillVotes} />
              {feedbacks.isError && <SectionFailed />}
              {feedbacks.isSuccess && feedbacks.data.length === 0 && (
                <Text size="sm" c="dimmed">
                  {T.noFeedback}
                </Text>
              )}
              {(feedbacks.data ?? []).map((f) => (
                <Paper key={f._id} withBorder p="sm" radius="sm">
                  <Text size="sm">{f.feedback}</Text>
                  <Text size="xs" c="dimmed">
                    {f.evaluatorUser.name}
                    {f.evaluatorUser.position ? ` · ${f.evaluatorUser.position.name}` : ""}
                  </Text>
                </Paper>
              ))}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
