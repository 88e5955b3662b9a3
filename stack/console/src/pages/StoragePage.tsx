import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Code,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { api, errorText, qs } from "../api";
import type { BucketListing, ConsoleObject } from "../../../src/console/wire";

const baseName = (name: string) => name.replace(/\/$/, "").split("/").at(-1) ?? name;
const contentUrl = (name: string, download = false) =>
  `/api/storage/content${qs({ name, ...(download ? { download: "1" } : {}) })}`;

/** /storage?prefix=users/u1/: one folder of the bucket, with preview, upload and delete. */
export function StoragePage() {
  const [params] = useSearchParams();
  const prefix = params.get("prefix") ?? "";
  const [selected, setSelected] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const listing = useQuery({
    queryKey: ["storage", "list", prefix],
    queryFn: () => api<BucketListing>(`/api/storage/list${qs({ prefix })}`),
  });
  const upload = useMutation({
    mutationFn: (file: File) =>
      api<ConsoleObject>(`/api/storage/object${qs({ name: prefix + file.name })}`, {
        method: "POST",
        headers: { "Content-Type": file.type || "application/octet-stream" },
        body: file,
      }),
    onSuccess: async (object) => {
      await queryClient.invalidateQueries({ queryKey: ["storage"] });
      setSelected(object.name);
    },
  });
  const folderLink = (p: string) => `/storage${qs({ prefix: p })}`;
  const parts = prefix.split("/").filter(Boolean);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Storage</Title>
        <FileButton onChange={(file) => file && upload.mutate(file)}>
          {(props) => (
            <Button {...props} loading={upload.isPending}>
              Upload file
            </Button>
          )}
        </FileButton>
      </Group>
      <Breadcrumbs>
        <Anchor component={Link} to="/storage">
          {listing.data?.bucket ?? "bucket"}
        </Anchor>
        {parts.map((p, i) => (
          <Anchor key={i} component={Link} to={folderLink(`${parts.slice(0, i + 1).join("/")}/`)}>
            {p}
          </Anchor>
        ))}
      </Breadcrumbs>
      {upload.error && <Alert color="red">{errorText(upload.error)}</Alert>}
      {listing.error && <Alert color="red">{errorText(listing.error)}</Alert>}
      <SimpleGrid cols={2} style={{ alignItems: "start" }}>
        <Table highlightOnHover withTableBorder aria-label="Files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Type</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {listing.data?.folders.map((f) => (
              <Table.Tr key={f}>
                <Table.Td colSpan={3}>
                  <Anchor component={Link} to={folderLink(f)} onClick={() => setSelected(null)}>
                    📁 {baseName(f)}/
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
            {listing.data?.objects.map((o) => (
              <Table.Tr
                key={o.name}
                onClick={() => setSelected(o.name)}
                style={{ cursor: "pointer" }}
                bg={selected === o.name ? "var(--mantine-color-blue-light)" : undefined}
              >
                <Table.Td>
                  <Anchor component="button" type="button">
                    {baseName(o.name)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{o.size.toLocaleString("en")} B</Table.Td>
                <Table.Td>{o.contentType ?? ""}</Table.Td>
              </Table.Tr>
            ))}
            {listing.data && listing.data.folders.length + listing.data.objects.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed">Empty folder.</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {selected && (
          <ObjectPanel key={selected} name={selected} onDeleted={() => setSelected(null)} />
        )}
      </SimpleGrid>
    </Stack>
  );
}

function ObjectPanel({ name, onDeleted }: { name: string; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const meta = useQuery({
    queryKey: ["storage", "object", name],
    queryFn: () => api<ConsoleObject>(`/api/storage/object${qs({ name })}`),
  });
  const remove = useMutation({
    mutationFn: () => api(`/api/storage/object${qs({ name })}`, { method: "DELETE" }),
    onSuccess: async () => {
      setConfirm(false);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: ["storage"] });
    },
  });
  const isImage = meta.data?.contentType?.startsWith("image/") ?? false;
  const rows: [string, string][] = meta.data
    ? [
        ["Name", meta.data.name],
        ["Size", `${meta.data.size.toLocaleString("en")} bytes`],
        ["Content type", meta.data.contentType ?? ""],
        ["Created", meta.data.timeCreated ?? ""],
        ["Updated", meta.data.updated ?? ""],
        ["MD5", meta.data.md5Hash ?? ""],
        ...Object.entries(meta.data.metadata ?? {}).map(
          ([k, v]) => [`metadata.${k}`, v] as [string, string],
        ),
      ]
    : [];
  return (
    <Paper withBorder p="sm" aria-label="File details">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{baseName(name)}</Title>
          <Group gap={4}>
            <Button size="xs" variant="light" component="a" href={contentUrl(name, true)}>
              Download
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm(true)}>
              Delete
            </Button>
          </Group>
        </Group>
        {meta.error && <Text c="red">{errorText(meta.error)}</Text>}
        {isImage && (
          <Image
            src={contentUrl(name)}
            alt={`Preview of ${baseName(name)}`}
            mah={280}
            fit="contain"
          />
        )}
        <Table>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Td fw={500}>{k}</Table.Td>
                <Table.Td>
                  <Code style={{ wordBreak: "break-all" }}>{v}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Delete file">
        <Stack>
          <Text>Delete {name}?</Text>
          {remove.error && <Text c="red">{errorText(remove.error)}</Text>}
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete file
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
