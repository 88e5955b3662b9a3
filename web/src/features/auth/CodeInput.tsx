import { Group, Input } from "@mantine/core";
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { backspaceInBox, pasteCode, typeInBox, type CodeChange, type CodeDigits } from "./rules";
import { AUTH_TEXTS } from "./texts";

/**
 * Six single-digit boxes: typing moves to the next box, backspace on an empty box goes back,
 * pasting six digits fills them all.
 */
export function CodeInput(props: {
  value: CodeDigits;
  onChange: (digits: CodeDigits) => void;
  error?: boolean;
  disabled?: boolean;
}) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    refs.current[0]?.focus();
  }, []);

  const apply = (change: CodeChange) => {
    props.onChange(change.digits);
    if (change.focus !== null) refs.current[change.focus]?.focus();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace") {
      event.preventDefault();
      apply(backspaceInBox(props.value, index));
    } else if (event.key === "ArrowLeft" && index > 0) {
      refs.current[index - 1]?.focus();
    } else if (event.key === "ArrowRight" && index < props.value.length - 1) {
      refs.current[index + 1]?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteCode(props.value, event.clipboardData.getData("text")));
  };

  return (
    <Group gap="xs" justify="center" wrap="nowrap" data-testid="code-boxes">
      {props.value.map((digit, index) => (
        <Input
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          value={digit}
          onChange={(event) => apply(typeInBox(props.value, index, event.currentTarget.value))}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste}
          onFocus={(event) => event.currentTarget.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={AUTH_TEXTS.code.digit(index + 1)}
          error={props.error}
          disabled={props.disabled}
          w={48}
          size="lg"
          styles={{ input: { textAlign: "center", paddingInline: 0, fontWeight: 600 } }}
        />
      ))}
    </Group>
  );
}
