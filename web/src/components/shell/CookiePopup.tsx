import { Anchor, Button, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { useBrowserValue } from "../../lib/hydration";
import { SHELL_TEXTS } from "./texts";
import { screens } from "../../app/screens";

/** Local-storage flag of the cookie popup (docs/product-rules.md#screen-cookie-popup): absent = show, "1" = closed for good. */
export const COOKIE_FLAG = "cerezPopupClosed";

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_FLAG) !== null;
  } catch {
    return false;
  }
}

/** Fixed bottom-left cookie notice, shown until closed on this browser. */
export function CookiePopup() {
  // The prerendered pages show the notice; a browser that closed it hides it when the app starts.
  const closedBefore = useBrowserValue(readFlag, false);
  const [closed, setClosed] = useState(false);
  if (closed || closedBefore) return null;
  const close = () => {
    try {
      window.localStorage.setItem(COOKIE_FLAG, "1");
    } catch {
      // Storage unavailable (private mode): hide for this visit only.
    }
    setClosed(true);
  };
  return (
    <Paper
      role="region"
      aria-label={SHELL_TEXTS.cookieLabel}
      data-testid="cookie-popup"
      shadow="lg"
      withBorder
      p="md"
      radius="md"
      style={{
        position: "fixed",
        left: 16,
        bottom: 16,
        maxWidth: 270,
        minWidth: 180,
        minHeight: 120,
        zIndex: 300,
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        gap: 12,
      }}
    >
      <Text size="sm">
        {SHELL_TEXTS.cookieText}{" "}
        <Anchor
          href={screens.cookiePolicy}
          target="_blank"
          rel="noopener"
          size="sm"
          underline="always"
        >
          {SHELL_TEXTS.cookieLink}
        </Anchor>{" "}
        {SHELL_TEXTS.cookieTextEnd}
      </Text>
      <Button size="xs" onClick={close} style={{ alignSelf: "flex-end" }}>
        {SHELL_TEXTS.cookieClose}
      </Button>
    </Paper>
  );
}
