import {
  Button,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { api, errorText, qs, sendJson } from "../api";
import { firestoreLink } from "./paths";

/** The collections at the root or below one document, with "Start collection". */
export function CollectionList({ parent, selected }: { parent: string; selected?: string }) {
  const collections = useQuery({
    queryKey: ["firestore", "collections", parent],
    queryFn: () => api<{ ids: string[] }>(`/api/firestore/collections${qs({ parent })}`),
  });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [newId, setNewId] = useState("");
  const start = useMutation({
    mutationFn: (id: string) =>
      sendJson<{ path: string }>(
        `/api/firestore/documents${qs({ collection: parent ? `${parent}/${id}` : id })}`,
        "POST",
        { fields: {} },
      ),
    onSuccess: async (doc) => {
      setNewId("");
      await queryClient.invalidateQueries({ queryKey: ["firestore"] });
      await navigate(firestoreLink(doc.path));
    },
  });
  return (
    <Paper withBorder p="xs" miw={0}>
      <Stack gap={4}>
        <Title order={5}>
          {parent ? `Collections of ${parent.split("/").at(-1)}` : "Collections"}
        </Title>
        {collections.isPending && <Loader size="sm" />}
        {collections.error && <Text c="red">{errorText(collections.error)}</Text>}
        {collections.data?.ids.length === 0 && (
          <Text size="sm" c="dimmed">
            No collections.
          </Text>
        )}
        {collections.data?.ids.map((id) => {
          const path = parent ? `${parent}/${id}` : id;
          return (
            <NavLink
              key={id}
              component={Link}
              to={firestoreLink(path)}
              label={id}
              active={selected === path}
              py={4}
            />
          );
        })}
        <Group gap={4} mt="xs" wrap="nowrap">
          <TextInput
            size="xs"
            placeholder="new collection id"
            aria-label="New collection id"
            value={newId}
            onChange={(e) => setNewId(e.currentTarget.value)}
          />
          <Button
            size="xs"
            variant="light"
            style={{ flexShrink: 0 }}
            disabled={!newId.trim() || newId.includes("/")}
            loading={start.isPending}
            onClick={() => start.mutate(newId.trim())}
          >
            Start
          </Button>
        </Group>
        {start.error && (
          <Text c="red" size="sm">
            {errorText(start.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
