import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { ValueEditor } from "./ValueEditor";
import type { WireValue } from "./values";

interface Props {
  title: string;
  /** The field being edited; undefined adds a new one. */
  name?: string;
  initial: WireValue;
  projectRoot: string;
  existing: string[];
  saving: boolean;
  onSave: (name: string, value: WireValue) => void;
  onClose: () => void;
}

/** Adds or edits one top-level field of a document with the typed editor. */
export function FieldModal(props: Props) {
  const [name, setName] = useState(props.name ?? "");
  const [value, setValue] = useState<WireValue>(props.initial);
  const clash = props.name === undefined && props.existing.includes(name);
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="lg">
      <Stack>
        <TextInput
          label="Field"
          value={name}
          readOnly={props.name !== undefined}
          error={clash ? "This field exists: edit it instead" : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <ValueEditor value={value} onChange={setValue} projectRoot={props.projectRoot} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            loading={props.saving}
            disabled={!name.trim() || clash}
            onClick={() => props.onSave(name.trim(), value)}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
