import { describe, expect, it } from "vitest";
import { FLASH_TOAST_KEY, keepToastAcrossReload, takeFlashToast } from "./flashToast";

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

describe("a toast kept across a reload", () => {
  it("is shown once after the reload", () => {
    const storage = memoryStorage();
    keepToastAcrossReload({ color: "teal", message: "Degerlendirme basariyla gonderildi" }, storage);
    expect(takeFlashToast(storage)).toEqual({
      color: "teal",
      message: "Degerlendirme basariyla gonderildi",
    });
    expect(takeFlashToast(storage)).toBeNull();
  });

  it("ignores an unreadable entry and removes it", () => {
    const storage = memoryStorage();
    storage.setItem(FLASH_TOAST_KEY, "{oops");
    expect(takeFlashToast(storage)).toBeNull();
    expect(storage.getItem(FLASH_TOAST_KEY)).toBeNull();
  });
});
