/**
 * A toast that survives one full page reload: stored in sessionStorage before reloading, shown by
 * the shell after the reload (docs/product-rules.md#votes-submission: after a vote the page reloads, the success stays visible).
 */
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";

export const FLASH_TOAST_KEY = "flashToast";

interface FlashToast {
  color: string;
  message: string;
}

export function keepToastAcrossReload(toast: FlashToast, storage: Storage = sessionStorage) {
  storage.setItem(FLASH_TOAST_KEY, JSON.stringify(toast));
}

/** The stored toast, removed so it shows once; null when there is none or it is unreadable. */
export function takeFlashToast(storage: Storage = sessionStorage): FlashToast | null {
  const raw = storage.getItem(FLASH_TOAST_KEY);
  if (raw === null) return null;
  storage.removeItem(FLASH_TOAST_KEY);
  try {
    const parsed = JSON.parse(raw) as Partial<FlashToast>;
    return typeof parsed.message === "string" && typeof parsed.color === "string"
      ? { color: parsed.color, message: parsed.message }
      : null;
  } catch {
    return null;
  }
}

/**
 * Shows the toast kept for this page load, once. Looked up in a task of its own after the app has
 * started: a page's first touch of sessionStorage is a synchronous trip to the browser process,
 * which would otherwise lengthen the task that commits the hydrated page.
 */
export function FlashToastOutlet() {
  useEffect(() => {
    const timer = setTimeout(() => {
      const toast = takeFlashToast();
      if (toast) notifications.show({ color: toast.color, message: toast.message });
    });
    return () => clearTimeout(timer);
  }, []);
  return null;
}
