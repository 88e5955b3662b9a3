import "../../app/styles/member";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Rating,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { RATING_CATEGORIES, RATING_CATEGORY_LABELS, type PendingVoteDto } from "@platform/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../lib/api/errors";
import { keepToastAcrossReload } from "../../lib/flashToast";
import { deleteVoteTimeNotifications, submitVote, usePendingVote, voteKeys } from "./data";
import { checkVote, emptyVoteForm, type VoteForm } from "./rules";
import { VOTE_TEXTS as T } from "./texts";

function RatingRow(props: { label: string; value: number; onChange: (v: number) => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" role="group" aria-label={props.label}>
      <Text size="sm">{props.label}</Text>
      <Rating
        value={props.value}
        onChange={props.onChange}
        count={5}
        size="md"
        getSymbolLabel={(v) => `${props.label}: ${v}`}
      />
    </Group>
  );
}

function VoteFormBody(props: {
  vote: PendingVoteDto;
  onDone: () => void;
  onSubmitted: () => void;
}) {
  const { vote } = props;
  const queryClient = useQueryClient();
  const [form, setForm] = useState<VoteForm>(emptyVoteForm);
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      const checked = checkVote(vote.voteId, vote.kind, vote.skills, form);
      if (!checked.ok) throw new Error(checked.message);
      await submitVote(vote.voteId, checked.body);
      await deleteVoteTimeNotifications(vote.voteId).catch(() => undefined);
    },
    onSuccess: async () => {
      // docs/product-rules.md#votes-submission: pending votes reloaded, popup closed, page reloaded — the toast outlives the reload
      await queryClient.invalidateQueries({ queryKey: voteKeys.pending });
      keepToastAcrossReload({ color: "teal", message: T.success });
      props.onSubmitted();
    },
  });

  const submit = () => {
    const checked = checkVote(vote.voteId, vote.kind, vote.skills, form);
    if (!checked.ok) {
      setInvalid(checked.message);
      return;
    }
    setInvalid(null);
    send.mutate();
  };

  const mentor = vote.kind === "MENTOR";
  return (
    <Stack gap="md">
      <Text>{mentor ? T.mentorIntro(vote.targetUser.name) : T.intro(vote.targetUser.name)}</Text>
      {!mentor && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {T.scale}
          </Text>
          {RATING_CATEGORIES.map((c) => (
            <RatingRow
              key={c}
              label={RATING_CATEGORY_LABELS[c]}
              value={form.scores[c]}
              onChange={(v) => setForm((f) => ({ ...f, scores: { ...f.scores, [c]: v } }))}
            />
          ))}
        </Stack>
      )}
      {vote.kind === "SKILL" && vote.skills.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {T.skillsTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {T.skillsHint}
          </Text>
          {vote.skills.map((skill) => (
            <RatingRow
              key={skill}
              label={skill}
              value={form.skillVotes[skill] ?? 0}
              onChange={(v) =>
                setForm((f) => ({ ...f, skillVotes: { ...f.skillVotes, [skill]: v } }))
              }
            />
          ))}
        </Stack>
      )}
      {!mentor && (
        <Textarea
          label={T.feedback}
          description={T.feedbackHint}
          autosize
          minRows={3}
          maxLength={2000}
          value={form.feedback}
          onChange={(e) => {
            const feedback = e.currentTarget.value;
            setForm((f) => ({ ...f, feedback }));
          }}
        />
      )}
      <Checkbox
        label={mentor ? T.mentorDiscard : T.discard}
        checked={form.discardWanted}
        onChange={(e) => {
          const discardWanted = e.currentTarget.checked;
          setForm((f) => ({ ...f, discardWanted }));
        }}
      />
      {form.discardWanted && (
        <Textarea
          label={T.discardReason}
          required
          autosize
          minRows={2}
          maxLength={1000}
          value={form.discardReason}
          onChange={(e) => {
            const discardReason = e.currentTarget.value;
            setForm((f) => ({ ...f, discardReason }));
          }}
        />
      )}
      {(invalid || send.isError) && (
        <Alert color="red" role="alert" data-testid="vote-error">
          {invalid ?? messageOf(send.error, T.failed)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDone}>
          {T.cancel}
        </Button>
        <Button onClick={submit} loading={send.isPending}>
          {T.submit}
        </Button>
      </Group>
    </Stack>
  );
}

/** The last voteId the popup was opened with, so that it keeps its contents while closing. */
function useShownVoteId(voteId: string | null): string | null {
  const [shown, setShown] = useState(voteId);
  // Adjusted while rendering (React's pattern for state following a prop), not in an effect.
  if (voteId !== null && voteId !== shown) setShown(voteId);
  return voteId ?? shown;
}

/** The weekly rating popup for one pending vote (width 627 px). */
export function VoteModal(props: {
  voteId: string | null;
  onClose: () => void;
  /** After a successful vote: close the popup and reload the page. */
  onSubmitted: () => void;
}) {
  const voteId = useShownVoteId(props.voteId);
  const vote = usePendingVote(voteId);
  return (
    <Modal
      opened={props.voteId !== null}
      onClose={props.onClose}
      size={627}
      title={T.title}
      centered
      data-testid="vote-modal"
    >
      {!voteId ? (
        <Alert color="red" role="alert">
          {T.voteIdRequired}
        </Alert>
      ) : vote.isPending ? (
        <Group justify="center" p="lg">
          <Loader />
        </Group>
      ) : vote.isError ? (
        <Alert color="red" role="alert">
          {messageOf(vote.error, T.loadFailed)}
        </Alert>
      ) : (
        <VoteFormBody
          key={vote.data.voteId}
          vote={vote.data}
          onDone={props.onClose}
          onSubmitted={props.onSubmitted}
        />
      )}
    </Modal>
  );
}
