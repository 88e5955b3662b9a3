import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { api, errorText, qs, sendJson } from "../api";
import { CollectionList } from "./CollectionList";
import { FieldModal } from "./FieldModal";
import { firestoreLink } from "./paths";
import { useProjectRoot } from "./useProjectRoot";
import { summary, typeLabel, type WireFields, type WireValue } from "./values";

interface ConsoleDocument {
  path: string;
  fields: WireFields;
  createTime?: string;
  updateTime?: string;
}

type Editing = { name?: string; initial: WireValue } | null;

/** One document: its fields with their types, typed editing, delete, and its subcollections. */
export function DocumentView({ path }: { path: string }) {
  const projectRoot = useProjectRoot();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const doc = useQuery({
    queryKey: ["firestore", "document", path],
    queryFn: () => api<ConsoleDocument>(`/api/firestore/document${qs({ path })}`),
  });
  const save = useMutation({
    mutationFn: (fields: WireFields) =>
      sendJson<ConsoleDocument>(`/api/firestore/document${qs({ path })}`, "PUT", { fields }),
    onSuccess: async () => {
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: ["firestore"] });
    },
  });
  const remove = useMutation({
    mutationFn: () => sendJson(`/api/firestore/document${qs({ path })}`, "DELETE"),
    onSuccess: async () => {
      setConfirmDelete(false);
      await queryClient.invalidateQueries({ queryKey: ["firestore"] });
      await navigate(firestoreLink(path.split("/").slice(0, -1).join("/")));
    },
  });
  const fields = doc.data?.fields ?? {};
  const names = Object.keys(fields).sort();

  return (
    <Stack gap="xs" miw={0}>
      <Paper withBorder p="xs">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Title order={5} style={{ wordBreak: "break-all" }}>
              {path.split("/").at(-1)}
            </Title>
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                disabled={!doc.data}
                onClick={() => setEditing({ initial: { stringValue: "" } })}
              >
                Add field
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                Delete document
              </Button>
            </Group>
          </Group>
          {doc.isPending && <Loader size="sm" />}
          {doc.error && <Text c="red">{errorText(doc.error)}</Text>}
          {doc.data?.updateTime && (
            <Text size="xs" c="dimmed">
              Updated {doc.data.updateTime}
            </Text>
          )}
          {doc.data && names.length === 0 && (
            <Text size="sm" c="dimmed">
              No fields.
            </Text>
          )}
          {names.length > 0 && (
            <Table aria-label="Fields" highlightOnHover layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="28%">Field</Table.Th>
                  <Table.Th w={90}>Type</Table.Th>
                  <Table.Th>Value</Table.Th>
                  <Table.Th w={70} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {names.map((name) => (
                  <Table.Tr key={name} data-field={name}>
                    <Table.Td style={{ wordBreak: "break-all" }}>{name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm">
                        {typeLabel(fields[name]!)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Code style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}>
                        {summary(fields[name]!)}
                      </Code>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${name}`}
                          onClick={() => setEditing({ name, initial: fields[name]! })}
                        >
                          ✎
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete field ${name}`}
                          onClick={() => {
                            const { [name]: _removed, ...rest } = fields;
                            save.mutate(rest);
                          }}
                        >
                          ×
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {save.error && !editing && <Text c="red">{errorText(save.error)}</Text>}
        </Stack>
      </Paper>
      <CollectionList parent={path} />
      {editing && (
        <FieldModal
          title={editing.name ? `Edit ${editing.name}` : "Add a field"}
          {...(editing.name ? { name: editing.name } : {})}
          initial={editing.initial}
          projectRoot={projectRoot}
          existing={names}
          saving={save.isPending}
          onSave={(name, value) => save.mutate({ ...fields, [name]: value })}
          onClose={() => setEditing(null)}
        />
      )}
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete document">
        <Stack>
          <Text>
            Delete <b>{path}</b>? Its subcollections stay.
          </Text>
          {remove.error && <Text c="red">{errorText(remove.error)}</Text>}
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete document
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
