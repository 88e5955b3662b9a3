import { Anchor, Breadcrumbs, Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { errorText, sendJson } from "../api";
import { CollectionList } from "../firestore/CollectionList";
import { DocumentList } from "../firestore/DocumentList";
import { DocumentView } from "../firestore/DocumentView";
import { firestoreLink, segmentsOf } from "../firestore/paths";

/**
 * /firestore/<path>: collections, the selected collection's documents and the selected document,
 * side by side as in the Firebase console.
 */
export function FirestorePage() {
  const segments = segmentsOf(useParams()["*"] ?? "");
  const isDocument = segments.length > 0 && segments.length % 2 === 0;
  const collection = segments.slice(0, isDocument ? -1 : undefined).join("/");
  const document = isDocument ? segments.join("/") : undefined;
  const parent = collection.split("/").slice(0, -1).join("/");

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Firestore</Title>
        <ClearAllButton />
      </Group>
      <Breadcrumbs>
        <Anchor component={Link} to="/firestore">
          (root)
        </Anchor>
        {segments.map((s, i) => (
          <Anchor key={i} component={Link} to={firestoreLink(segments.slice(0, i + 1).join("/"))}>
            {s}
          </Anchor>
        ))}
      </Breadcrumbs>
      <div
        style={{
          display: "grid",
          gridTemplateColumns: "220px 340px minmax(0, 1fr)",
          gap: "var(--mantine-spacing-sm)",
          alignItems: "start",
        }}
      >
        <CollectionList parent={parent} {...(collection ? { selected: collection } : {})} />
        {collection ? (
          <DocumentList collection={collection} {...(document ? { selected: document } : {})} />
        ) : (
          <Text c="dimmed">Pick a collection.</Text>
        )}
        {document ? (
          <DocumentView key={document} path={document} />
        ) : (
          collection && <Text c="dimmed">Pick a document.</Text>
        )}
      </div>
    </Stack>
  );
}

function ClearAllButton() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const clear = useMutation({
    mutationFn: () => sendJson("/api/firestore/all", "DELETE"),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ["firestore"] });
      await navigate("/firestore");
    },
  });
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>
        Clear all data
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Clear all data">
        <Stack>
          <Text>
            Delete every document of the project from the Firestore emulator? This cannot be undone.
          </Text>
          {clear.error && <Text c="red">{errorText(clear.error)}</Text>}
          <Button color="red" loading={clear.isPending} onClick={() => clear.mutate()}>
            Delete everything
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
