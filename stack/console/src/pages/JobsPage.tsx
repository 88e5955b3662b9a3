import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { api, errorText, sendJson } from "../api";
import { firestoreLink } from "../firestore/paths";

interface Job {
  name: string;
  cron: string;
  when: string;
  what: string;
  runs: { path: string; id: string; updateTime?: string }[];
}

interface JobRunResult {
  job: string;
  at: string;
  ok: boolean;
  output: string;
}

/** The scheduled jobs, their recorded runs, and "run now" / "run as of" (as `npm run job`). */
export function JobsPage() {
  const jobs = useQuery({
    queryKey: ["jobs"],
    queryFn: () =>
      api<{ timeZone: string | null; runsCollection?: string; jobs: Job[] }>("/api/jobs"),
  });
  const [asOf, setAsOf] = useState<Record<string, string>>({});
  const [result, setResult] = useState<JobRunResult | null>(null);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: (body: { job: string; at?: string }) =>
      sendJson<JobRunResult>("/api/jobs/run", "POST", body),
    onSuccess: async (r) => {
      setResult(r);
      await queryClient.invalidateQueries({ queryKey: ["jobs"] });
    },
  });
  const zone = jobs.data?.timeZone;

  return (
    <Stack>
      <Title order={2}>Jobs</Title>
      {zone && (
        <Text size="sm" c="dimmed">
          Schedules in {zone}. "Run as of" takes a {zone} wall-clock time and runs the job as if it
          were then, with the same code as <Code>npm run job</Code>.
        </Text>
      )}
      {jobs.error && <Alert color="red">{errorText(jobs.error)}</Alert>}
      {jobs.data && jobs.data.jobs.length === 0 && <Text>This stack has no scheduled jobs.</Text>}
      {result && (
        <Paper withBorder p="sm" aria-label="Last run">
          <Text fw={600} c={result.ok ? "green" : "red"}>
            {result.job} as of {result.at}: {result.ok ? "done" : "failed"}
          </Text>
          <Code block>{result.output}</Code>
        </Paper>
      )}
      {run.error && <Alert color="red">{errorText(run.error)}</Alert>}
      <Table withTableBorder aria-label="Jobs" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th>Last runs ({jobs.data?.runsCollection ?? "runs"})</Table.Th>
            <Table.Th w={430}>Run</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.data?.jobs.map((job) => (
            <Table.Tr key={job.name} data-job={job.name}>
              <Table.Td>
                <Text fw={600}>{job.name}</Text>
                <Text size="xs" c="dimmed">
                  {job.what}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{job.cron}</Code>
                <Text size="xs">{job.when}</Text>
              </Table.Td>
              <Table.Td>
                {job.runs.length === 0 && (
                  <Text size="xs" c="dimmed">
                    none recorded
                  </Text>
                )}
                {job.runs.map((r) => (
                  <Text key={r.path} size="xs">
                    <Anchor component={Link} to={firestoreLink(r.path)}>
                      {r.id}
                    </Anchor>{" "}
                    {r.updateTime ? new Date(r.updateTime).toLocaleString("en-GB") : ""}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    loading={run.isPending && run.variables?.job === job.name && !run.variables.at}
                    disabled={run.isPending}
                    onClick={() => run.mutate({ job: job.name })}
                  >
                    Run now
                  </Button>
                  <TextInput
                    size="xs"
                    type="datetime-local"
                    aria-label={`${job.name} as of`}
                    value={asOf[job.name] ?? ""}
                    onChange={(e) => setAsOf({ ...asOf, [job.name]: e.currentTarget.value })}
                  />
                  <Button
                    size="xs"
                    variant="light"
                    disabled={!asOf[job.name] || run.isPending}
                    loading={run.isPending && run.variables?.job === job.name && !!run.variables.at}
                    onClick={() => run.mutate({ job: job.name, at: asOf[job.name] })}
                  >
                    Run as of
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
