import {
  Button,
  Group,
  Loader,
  Modal,
  NavLink,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { api, errorText, qs, sendJson } from "../api";
import { firestoreLink } from "./paths";
import { numberValue, type WireValue } from "./values";

interface Page {
  documents: { path: string; id: string; missing?: boolean }[];
  nextPageToken?: string;
}

interface Filter {
  field: string;
  op: string;
  value: WireValue;
}

const PAGE_SIZE = 50;
const OPERATORS = ["==", "!=", "<", "<=", ">", ">=", "array-contains"];
const FILTER_TYPES = ["string", "number", "boolean", "null"];

function filterValue(type: string, text: string): WireValue | null {
  if (type === "number") return numberValue(text);
  if (type === "boolean") return { booleanValue: text.trim() === "true" };
  if (type === "null") return { nullValue: null };
  return { stringValue: text };
}

/** One collection's documents, a page at a time, with a field filter, add and delete. */
export function DocumentList({ collection, selected }: { collection: string; selected?: string }) {
  const [filter, setFilter] = useState<Filter | null>(null);
  const [draft, setDraft] = useState({ field: "", op: "==", type: "string", text: "" });
  const [adding, setAdding] = useState(false);
  const [newId, setNewId] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const pages = useInfiniteQuery({
    queryKey: ["firestore", "documents", collection, filter],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      api<Page>(
        `/api/firestore/documents${qs({
          collection,
          pageSize: PAGE_SIZE,
          pageToken: pageParam || undefined,
          ...(filter
            ? { field: filter.field, op: filter.op, value: JSON.stringify(filter.value) }
            : {}),
        })}`,
      ),
    getNextPageParam: (last) => last.nextPageToken,
  });
  const add = useMutation({
    mutationFn: () =>
      sendJson<{ path: string }>(`/api/firestore/documents${qs({ collection })}`, "POST", {
        id: newId.trim() || undefined,
        fields: {},
      }),
    onSuccess: async (doc) => {
      setAdding(false);
      setNewId("");
      await queryClient.invalidateQueries({ queryKey: ["firestore"] });
      await navigate(firestoreLink(doc.path));
    },
  });
  const remove = useMutation({
    mutationFn: () => sendJson(`/api/firestore/collection${qs({ path: collection })}`, "DELETE"),
    onSuccess: async () => {
      setConfirmDelete(false);
      await queryClient.invalidateQueries({ queryKey: ["firestore"] });
      await navigate(firestoreLink(collection.split("/").slice(0, -1).join("/")));
    },
  });
  const parsedDraft = filterValue(draft.type, draft.text);
  const documents = pages.data?.pages.flatMap((p) => p.documents) ?? [];

  return (
    <Paper withBorder p="xs" miw={0}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={5}>{collection.split("/").at(-1)}</Title>
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => setAdding(true)}>
              Add document
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
              Delete collection
            </Button>
          </Group>
        </Group>
        <TextInput
          size="xs"
          placeholder="filter by field"
          aria-label="Filter field"
          value={draft.field}
          onChange={(e) => setDraft({ ...draft, field: e.currentTarget.value })}
        />
        <Group gap={4} wrap="nowrap">
          <Select
            size="xs"
            aria-label="Filter operator"
            data={OPERATORS}
            value={draft.op}
            allowDeselect={false}
            w={125}
            onChange={(op) => op && setDraft({ ...draft, op })}
          />
          <Select
            size="xs"
            aria-label="Filter value type"
            data={FILTER_TYPES}
            value={draft.type}
            allowDeselect={false}
            w={90}
            onChange={(type) => type && setDraft({ ...draft, type })}
          />
          <TextInput
            size="xs"
            placeholder="value"
            aria-label="Filter value"
            disabled={draft.type === "null"}
            value={draft.text}
            onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
        </Group>
        <Group gap={4}>
          <Button
            size="xs"
            disabled={!draft.field.trim() || !parsedDraft}
            onClick={() =>
              parsedDraft &&
              setFilter({ field: draft.field.trim(), op: draft.op, value: parsedDraft })
            }
          >
            Filter
          </Button>
          {filter && (
            <Button size="xs" variant="default" onClick={() => setFilter(null)}>
              Clear filter
            </Button>
          )}
        </Group>
        {pages.isPending && <Loader size="sm" />}
        {pages.error && <Text c="red">{errorText(pages.error)}</Text>}
        {pages.data && documents.length === 0 && (
          <Text size="sm" c="dimmed">
            No documents{filter ? " match the filter" : ""}.
          </Text>
        )}
        <div aria-label="Documents">
          {documents.map((d) => (
            <NavLink
              key={d.path}
              component={Link}
              to={firestoreLink(d.path)}
              label={d.id}
              active={selected === d.path}
              py={4}
              styles={d.missing ? { label: { fontStyle: "italic", color: "gray" } } : undefined}
            />
          ))}
        </div>
        {pages.hasNextPage && (
          <Button
            size="xs"
            variant="subtle"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </Stack>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={`Add a document to ${collection}`}
      >
        <Stack>
          <TextInput
            label="Document id"
            description="Leave empty for an automatic id"
            value={newId}
            onChange={(e) => setNewId(e.currentTarget.value)}
          />
          {add.error && <Text c="red">{errorText(add.error)}</Text>}
          <Button loading={add.isPending} onClick={() => add.mutate()}>
            Add
          </Button>
        </Stack>
      </Modal>
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete collection"
      >
        <Stack>
          <Text>
            Delete every document of <b>{collection}</b> and of their subcollections?
          </Text>
          {remove.error && <Text c="red">{errorText(remove.error)}</Text>}
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete collection
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
