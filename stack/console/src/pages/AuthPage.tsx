import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, errorText, qs, sendJson } from "../api";
import type { ConsoleUser } from "../../../src/console/wire";

/** Who is being edited: a user, or "new". */
type Editing = ConsoleUser | "new" | null;

export function AuthPage() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ConsoleUser | null>(null);
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: ["auth", "users", debounced],
    queryFn: () =>
      api<{ users: ConsoleUser[]; total: number }>(`/api/auth/users${qs({ search: debounced })}`),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["auth"] });
  const toggle = useMutation({
    mutationFn: (u: ConsoleUser) =>
      sendJson(`/api/auth/user${qs({ uid: u.uid })}`, "PUT", { disabled: !u.disabled }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (u: ConsoleUser) => sendJson(`/api/auth/user${qs({ uid: u.uid })}`, "DELETE"),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Auth</Title>
        <Button onClick={() => setEditing("new")}>Add user</Button>
      </Group>
      <TextInput
        placeholder="Search by e-mail, name or uid"
        aria-label="Search users"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {users.error && <Alert color="red">{errorText(users.error)}</Alert>}
      {toggle.error && <Alert color="red">{errorText(toggle.error)}</Alert>}
      {users.data && (
        <Text size="sm" c="dimmed">
          {users.data.total} user{users.data.total === 1 ? "" : "s"}
          {users.data.total > users.data.users.length
            ? `, first ${users.data.users.length} shown`
            : ""}
        </Text>
      )}
      <Table striped highlightOnHover withTableBorder aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>uid</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Custom claims</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data?.users.map((u) => (
            <Table.Tr key={u.uid} data-email={u.email ?? ""}>
              <Table.Td>{u.email ?? "—"}</Table.Td>
              <Table.Td>{u.displayName ?? ""}</Table.Td>
              <Table.Td>
                <Code>{u.uid}</Code>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={u.emailVerified ? "green" : "gray"} variant="light">
                    {u.emailVerified ? "verified" : "not verified"}
                  </Badge>
                  {u.disabled && <Badge color="red">disabled</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>
                {Object.keys(u.claims).length > 0 && <Code>{JSON.stringify(u.claims)}</Code>}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditing(u)}>
                    Edit
                  </Button>
                  <Button size="xs" variant="default" onClick={() => toggle.mutate(u)}>
                    {u.disabled ? "Enable" : "Disable"}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(u)}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && (
        <UserModal
          user={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete user">
        <Stack>
          <Text>Delete {deleting?.email ?? deleting?.uid}? Their Firestore data stays.</Text>
          {remove.error && <Text c="red">{errorText(remove.error)}</Text>}
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting)}
          >
            Delete user
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}

function UserModal(props: {
  user: ConsoleUser | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { user } = props;
  const [email, setEmail] = useState(user?.email ?? "");
  const [password, setPassword] = useState("");
  const [displayName, setDisplayName] = useState(user?.displayName ?? "");
  const [emailVerified, setEmailVerified] = useState(user?.emailVerified ?? false);
  const [disabled, setDisabled] = useState(user?.disabled ?? false);
  const [claimsText, setClaimsText] = useState(JSON.stringify(user?.claims ?? {}, null, 2));
  let claims: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(claimsText || "{}") as unknown;
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      claims = parsed as Record<string, unknown>;
    }
  } catch {
    claims = null;
  }
  const save = useMutation({
    mutationFn: () => {
      const body = { email, displayName, emailVerified, disabled, claims: claims ?? {} };
      return user
        ? sendJson(`/api/auth/user${qs({ uid: user.uid })}`, "PUT", {
            ...body,
            ...(password ? { password } : {}),
          })
        : sendJson("/api/auth/users", "POST", { ...body, password });
    },
    onSuccess: props.onSaved,
  });
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={user ? `Edit ${user.email ?? user.uid}` : "Add user"}
    >
      <Stack>
        <TextInput label="E-mail" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <PasswordInput
          label="Password"
          description={user ? "Leave empty to keep it" : "At least 6 characters"}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <TextInput
          label="Display name"
          value={displayName}
          onChange={(e) => setDisplayName(e.currentTarget.value)}
        />
        <Checkbox
          label="E-mail verified"
          checked={emailVerified}
          onChange={(e) => setEmailVerified(e.currentTarget.checked)}
        />
        <Checkbox
          label="Disabled"
          checked={disabled}
          onChange={(e) => setDisabled(e.currentTarget.checked)}
        />
        <Textarea
          label="Custom claims (JSON)"
          description='Roles, e.g. {"role": "ops"}'
          autosize
          minRows={3}
          styles={{ input: { fontFamily: "monospace" } }}
          value={claimsText}
          error={claims ? undefined : "Must be a JSON object"}
          onChange={(e) => setClaimsText(e.currentTarget.value)}
        />
        {save.error && <Alert color="red">{errorText(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} disabled={!claims} onClick={() => save.mutate()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
