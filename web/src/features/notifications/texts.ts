export const NOTIFICATION_TEXTS = {
  title: "Bildirimler",
  description: "Bildirimleriniz.",
  home: "Anasayfa",
  heading: (count: number) => `Bildirimler (${count})`,
  empty: "Bildirim bulunmamaktadır.",
  unreadDot: "Okunmamış",
  delete: "Bildirimi sil",
  loadFailed: "Bildirimler yüklenemedi.",
  retry: "Tekrar dene",
} as const;
