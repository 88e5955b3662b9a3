import "../../app/styles/member";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Container,
  FileButton,
  Group,
  Image,
  Modal,
  MultiSelect,
  Select,
  Skeleton,
  Slider,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IMAGE_TYPES, canManageProject, imageFileError, type ProjectDto } from "@platform/common";
import { IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Navigate, useParams } from "react-router-dom";
import { usePageMeta } from "../../components/PageMeta";
import { Section } from "../../components/Section";
import { messageOf } from "../../lib/api/errors";
import { useLookupNames } from "../../lib/lookups";
import { useViewer } from "../../lib/viewer";
import {
  addPositions,
  deletePosition,
  projectEditKeys,
  updateProject,
  uploadProjectImage,
  useEditedProject,
  useProjectPositions,
} from "./data";
import { newPositionFrom, positionChoices, savePlan, typePrefix, type NewPosition } from "./rules";
import { EDIT_PROJECT_TEXTS as T } from "./texts";
import { screens } from "../../app/screens";

function AddPositionModal(props: {
  opened: boolean;
  onClose: () => void;
  onAdd: (p: NewPosition) => void;
}) {
  const names = useLookupNames("positionNames");
  const skills = useLookupNames("skills");
  const [choice, setChoice] = useState<string | null>(null);
  const [expectations, setExpectations] = useState<string[]>([]);
  const add = () => {
    const position = newPositionFrom(choice, expectations);
    if (!position) return;
    props.onAdd(position);
    setChoice(null);
    setExpectations([]);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} size={627} title={T.modalTitle}>
      <Stack gap="sm">
        <Select
          label={T.positionName}
          searchable
          data={positionChoices(names.data ?? [])}
          value={choice}
          onChange={setChoice}
          error={names.isError ? T.positionNamesFailed : undefined}
        />
        <MultiSelect
          label={T.expectations}
          searchable
          clearable
          data={skills.data ?? []}
          value={expectations}
          onChange={setExpectations}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {T.cancel}
          </Button>
          <Button onClick={add} disabled={!choice}>
            {T.add}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Editor({ project }: { project: ProjectDto }) {
  const queryClient = useQueryClient();
  const positions = useProjectPositions(project._id, true);
  const [pending, setPending] = useState<NewPosition[]>([]);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<{ id: string; name: string } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const original = {
    title: project.title,
    definition: project.definition,
    completed_percentage: project.completed_percentage,
  };
  const form = useForm({ mode: "controlled", initialValues: original });

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectEditKeys.project(project._id) }),
      queryClient.invalidateQueries({ queryKey: projectEditKeys.positions(project._id) }),
    ]);

  const save = useMutation({
    mutationFn: async () => {
      const plan = savePlan(original, form.values, pending);
      if (!plan.ok) throw new Error(plan.message);
      if (plan.update) {
        try {
          await updateProject(project._id, plan.update);
        } catch (err) {
          throw new Error(messageOf(err, T.updateFailed), { cause: err });
        }
      }
      if (plan.positions.length > 0) {
        try {
          await addPositions(project._id, plan.positions);
        } catch (err) {
          throw new Error(messageOf(err, T.addFailed), { cause: err });
        }
      }
      return plan;
    },
    onMutate: () => setSaveError(null),
    onSuccess: async (plan) => {
      setPending([]);
      notifications.show({
        color: "teal",
        message: plan.update ? T.updated : T.added,
      });
      await reload();
    },
    onError: (err) => setSaveError((err as Error).message),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deletePosition(id),
    onSuccess: async () => {
      notifications.show({ color: "teal", message: T.deleted });
      await reload();
    },
    onError: (err) => notifications.show({ color: "red", message: messageOf(err, T.deleteFailed) }),
    onSettled: () => setConfirm(null),
  });

  const image = useMutation({
    mutationFn: (file: File) => uploadProjectImage(project._id, file),
    onSuccess: async () => {
      notifications.show({ color: "teal", message: T.imageUploaded });
      await reload();
    },
    onError: (err) => notifications.show({ color: "red", message: messageOf(err, T.imageFailed) }),
  });

  // The docs/product-rules.md#photo-rules checks before anything is sent; storage.rules would refuse such a file anyway.
  const chooseImage = (file: File | null) => {
    if (!file) return;
    const problem = imageFileError(file);
    if (problem) notifications.show({ color: "red", message: problem });
    else image.mutate(file);
  };

  const open = (positions.data ?? []).filter((p) => p.status === "OPEN");
  return (
    <Stack gap="md">
      <Section title={T.image} testId="edit-image" gap="sm">
        {project.imageUrl && (
          <Image src={project.imageUrl} alt={project.title} h={160} fit="contain" />
        )}
        <FileButton onChange={chooseImage} accept={IMAGE_TYPES.join(",")}>
          {(p) => (
            <Button {...p} variant="light" w="fit-content" loading={image.isPending}>
              {T.uploadImage}
            </Button>
          )}
        </FileButton>
      </Section>

      <Section title={T.general} testId="edit-general" gap="sm">
        <TextInput label={T.projectTitle} {...form.getInputProps("title")} />
        <Textarea label={T.definition} autosize minRows={3} {...form.getInputProps("definition")} />
        <Stack gap={4}>
          <Text size="sm" id="completed-label">
            {T.completed}: %{form.values.completed_percentage}
          </Text>
          <Slider
            min={0}
            max={100}
            step={1}
            aria-labelledby="completed-label"
            thumbLabel={T.completed}
            {...form.getInputProps("completed_percentage")}
          />
        </Stack>
      </Section>

      <Section title={T.openPositions} testId="edit-open-positions" gap="sm">
        {positions.isError && (
          <Alert color="red">{messageOf(positions.error, T.positionsFailed)}</Alert>
        )}
        {positions.isSuccess && open.length === 0 && <Text size="sm">{T.noOpenPositions}</Text>}
        {open.map((p) => {
          const label = `${typePrefix(p.type)} ${p.positionName}`;
          return (
            <Group key={p._id} justify="space-between" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={600}>{label}</Text>
                <Group gap={4}>
                  {p.expectations.map((e) => (
                    <Badge key={e} variant="outline" size="sm">
                      {e}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={T.deletePosition(label)}
                onClick={() => setConfirm({ id: p._id, name: label })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          w="fit-content"
          onClick={() => setAdding(true)}
        >
          {T.addPosition}
        </Button>
      </Section>

      <Section title={T.newPositions} testId="edit-new-positions" gap="sm">
        {pending.length === 0 && <Text size="sm">{T.noNewPositions}</Text>}
        {pending.map((p, i) => {
          const label = `${p.positionType} ${p.positionName}`;
          return (
            <Group key={`${label}-${i}`} justify="space-between" wrap="nowrap">
              <Text>{label}</Text>
              <ActionIcon
                variant="subtle"
                aria-label={T.removeNew(label)}
                onClick={() => setPending((list) => list.filter((_, j) => j !== i))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          );
        })}
      </Section>

      <Section title={T.team} testId="edit-team" gap="sm">
        {project.teamMembers.length === 0 && <Text size="sm">{T.noTeam}</Text>}
        {project.teamMembers.map((m) => (
          <Text key={m._id} size="sm">
            {m.name} · {typePrefix(m.type)} {m.position.name}
          </Text>
        ))}
      </Section>

      {saveError && (
        <Alert color="red" role="alert" data-testid="edit-save-error">
          {saveError}
        </Alert>
      )}
      <Button onClick={() => save.mutate()} loading={save.isPending} w="fit-content">
        {T.save}
      </Button>

      <AddPositionModal
        opened={adding}
        onClose={() => setAdding(false)}
        onAdd={(p) => setPending((list) => [...list, p])}
      />
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={T.confirmTitle}
        centered
      >
        <Stack gap="md">
          <Text>{confirm ? T.confirmText(confirm.name) : ""}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {T.no}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => confirm && remove.mutate(confirm.id)}
            >
              {T.yes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * `screens.projectEdit`: the project's Junior Project Manager edits it. Anyone else is sent
 * to the project list with this project highlighted.
 */
export function ProjectEditPage() {
  usePageMeta({ title: T.title, description: T.description });
  const { projectId = "" } = useParams();
  const viewer = useViewer();
  const project = useEditedProject(projectId);

  let body: ReactNode;
  if (project.isPending || viewer.loading) {
    body = (
      <Stack>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={120} radius="md" />
        ))}
      </Stack>
    );
  } else if (project.isError) {
    const notFound = (project.error as { status?: number }).status === 404;
    body = notFound ? (
      <Text>{T.notFound}</Text>
    ) : (
      <Alert color="red" role="alert">
        {messageOf(project.error, T.infoFailed)}
      </Alert>
    );
  } else if (!project.data) {
    body = <Text>{T.notFound}</Text>;
  } else if (
    !canManageProject(viewer.uid ?? "", viewer.profile?.position?.name, project.data.managerId)
  ) {
    return <Navigate to={screens.projects} replace state={{ highlightProjectId: projectId }} />;
  } else {
    body = <Editor key={project.data._id} project={project.data} />;
  }
  return (
    <Container size="md" py="xl" data-testid="project-edit-page">
      <Stack gap="md">
        <Title order={1}>{project.data?.title ?? T.title}</Title>
        {body}
      </Stack>
    </Container>
  );
}
