import {
  Alert,
  Code,
  Group,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api, errorText, qs } from "../api";

interface LogLine {
  seq: number;
  time: string;
  source: string;
  text: string;
}

/** The stack's recent log lines (functions, job clock…), searchable, refreshed every 2 s. */
export function LogsPage() {
  const [search, setSearch] = useState("");
  const [source, setSource] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  const logs = useQuery({
    queryKey: ["logs", debounced, source],
    queryFn: () =>
      api<{ lines: LogLine[] }>(
        `/api/logs${qs({ search: debounced, source: source ?? undefined })}`,
      ),
    refetchInterval: 2000,
  });
  const lines = logs.data?.lines ?? [];
  return (
    <Stack>
      <Title order={2}>Logs</Title>
      <Group>
        <TextInput
          placeholder="Search"
          aria-label="Search logs"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={360}
        />
        <Select
          aria-label="Source"
          placeholder="All sources"
          clearable
          data={["firebase", "jobs", "console"]}
          value={source}
          onChange={setSource}
          w={180}
        />
        <Text size="sm" c="dimmed">
          {lines.length} line{lines.length === 1 ? "" : "s"}
        </Text>
      </Group>
      {logs.error && <Alert color="red">{errorText(logs.error)}</Alert>}
      <ScrollArea h="calc(100vh - 220px)" type="auto">
        <Code
          block
          aria-label="Log lines"
          style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}
        >
          {lines.map((l) => `${l.time.slice(11, 19)} [${l.source}] ${l.text}`).join("\n") ||
            "No lines."}
        </Code>
      </ScrollArea>
    </Stack>
  );
}
