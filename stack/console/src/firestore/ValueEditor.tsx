/**
 * The typed editor of one Firestore value: pick a type, then edit it; maps and arrays nest the
 * same editor for their entries.
 */
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import {
  VALUE_TYPES,
  type ValueType,
  type WireValue,
  arrayValues,
  blankValue,
  geoPoint,
  mapFields,
  numberValue,
  typeOf,
} from "./values";

interface Props {
  value: WireValue;
  onChange: (value: WireValue) => void;
  /** `projects/<id>/databases/(default)/documents`, for references. */
  projectRoot: string;
  label?: string;
  depth?: number;
}

export function ValueEditor({ value, onChange, projectRoot, label = "Value", depth = 0 }: Props) {
  const type = typeOf(value);
  return (
    <Stack
      gap={6}
      pl={depth > 0 ? "sm" : 0}
      style={depth > 0 ? { borderLeft: "2px solid #dee2e6" } : undefined}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label={depth === 0 ? "Type" : undefined}
          aria-label={`${label} type`}
          data={[...VALUE_TYPES]}
          value={type}
          allowDeselect={false}
          w={130}
          onChange={(t) => t && onChange(blankValue(t as ValueType, projectRoot))}
        />
        <ScalarInput
          key={type}
          value={value}
          onChange={onChange}
          projectRoot={projectRoot}
          label={label}
        />
      </Group>
      {type === "map" && (
        <MapEntries value={value} onChange={onChange} projectRoot={projectRoot} depth={depth} />
      )}
      {type === "array" && (
        <ArrayEntries value={value} onChange={onChange} projectRoot={projectRoot} depth={depth} />
      )}
    </Stack>
  );
}

function ScalarInput({ value, onChange, projectRoot, label }: Props) {
  const type = typeOf(value);
  const [numberText, setNumberText] = useState(
    String(value.integerValue ?? value.doubleValue ?? "0"),
  );
  const common = { "aria-label": label, style: { flex: 1 } };
  switch (type) {
    case "string":
      return (
        <TextInput
          {...common}
          value={String(value.stringValue ?? "")}
          onChange={(e) => onChange({ stringValue: e.currentTarget.value })}
        />
      );
    case "number":
      return (
        <TextInput
          {...common}
          value={numberText}
          error={numberValue(numberText) ? undefined : "Not a number"}
          onChange={(e) => {
            setNumberText(e.currentTarget.value);
            const parsed = numberValue(e.currentTarget.value);
            if (parsed) onChange(parsed);
          }}
        />
      );
    case "boolean":
      return (
        <Switch
          aria-label={label}
          label={String(value.booleanValue)}
          checked={value.booleanValue === true}
          onChange={(e) => onChange({ booleanValue: e.currentTarget.checked })}
          mb={8}
        />
      );
    case "timestamp":
      return (
        <TextInput
          {...common}
          description="ISO 8601, UTC"
          value={String(value.timestampValue ?? "")}
          error={Number.isNaN(Date.parse(String(value.timestampValue))) ? "Not a time" : undefined}
          onChange={(e) => onChange({ timestampValue: e.currentTarget.value })}
        />
      );
    case "reference":
      return (
        <TextInput
          {...common}
          description="document path"
          value={String(value.referenceValue ?? "").replace(`${projectRoot}/`, "")}
          onChange={(e) => onChange({ referenceValue: `${projectRoot}/${e.currentTarget.value}` })}
        />
      );
    case "geopoint": {
      const g = geoPoint(value);
      return (
        <Group gap="xs" style={{ flex: 1 }}>
          <NumberInput
            aria-label={`${label} latitude`}
            placeholder="latitude"
            min={-90}
            max={90}
            decimalScale={8}
            value={g.latitude}
            onChange={(v) => onChange({ geoPointValue: { ...g, latitude: Number(v) || 0 } })}
          />
          <NumberInput
            aria-label={`${label} longitude`}
            placeholder="longitude"
            min={-180}
            max={180}
            decimalScale={8}
            value={g.longitude}
            onChange={(v) => onChange({ geoPointValue: { ...g, longitude: Number(v) || 0 } })}
          />
        </Group>
      );
    }
    default:
      return null;
  }
}

function MapEntries({ value, onChange, projectRoot, depth = 0 }: Props) {
  const fields = mapFields(value);
  const [newKey, setNewKey] = useState("");
  const set = (next: Record<string, WireValue>) => onChange({ mapValue: { fields: next } });
  return (
    <Stack gap={4}>
      {Object.entries(fields).map(([key, child]) => (
        <Group key={key} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput value={key} readOnly w={140} aria-label="Map key" />
          <div style={{ flex: 1 }}>
            <ValueEditor
              value={child}
              onChange={(v) => set({ ...fields, [key]: v })}
              projectRoot={projectRoot}
              label={key}
              depth={depth + 1}
            />
          </div>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${key}`}
            onClick={() => {
              const { [key]: _removed, ...rest } = fields;
              set(rest);
            }}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        <TextInput
          placeholder="key"
          aria-label="New map key"
          value={newKey}
          onChange={(e) => setNewKey(e.currentTarget.value)}
        />
        <Button
          size="xs"
          variant="light"
          disabled={!newKey || newKey in fields}
          onClick={() => {
            set({ ...fields, [newKey]: { stringValue: "" } });
            setNewKey("");
          }}
        >
          Add entry
        </Button>
      </Group>
    </Stack>
  );
}

function ArrayEntries({ value, onChange, projectRoot, depth = 0 }: Props) {
  const items = arrayValues(value);
  const set = (next: WireValue[]) => onChange({ arrayValue: { values: next } });
  return (
    <Stack gap={4}>
      {items.map((item, i) => (
        <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <ValueEditor
              value={item}
              onChange={(v) => set(items.map((old, j) => (j === i ? v : old)))}
              projectRoot={projectRoot}
              label={`[${i}]`}
              depth={depth + 1}
            />
          </div>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove item ${i}`}
            onClick={() => set(items.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        onClick={() => set([...items, { stringValue: "" }])}
      >
        Add item
      </Button>
    </Stack>
  );
}
