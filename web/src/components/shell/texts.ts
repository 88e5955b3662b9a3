/** Texts of the application shell (spec §2, §4). */
import type { NotificationType } from "@platform/common";

export const NAV_LINKS = [
  { label: "Anasayfa", to: "/" },
  { label: "Projeler", to: "/projeler" },
  { label: "Juniorlar", to: "/juniorlar" },
  { label: "Seniorlar", to: "/seniorlar" },
  { label: "SSS", to: "/sikca-sorulan-sorular" },
] as const;

export const LEGAL_LINKS = [
  { label: "Açık Rıza Metni", to: "/acik_riza_metni" },
  { label: "Üyelik ve Kullanıcı Sözleşmesi", to: "/uyelik_kullanici_sozlesmesi" },
  { label: "KVKK Aydınlatma Metni", to: "/kvkk" },
  { label: "Gizlilik ve Çerez Politikası", to: "/gizlilik_cerez_politikasi" },
] as const;

export const SHELL_TEXTS = {
  login: "Giriş Yap",
  signUp: "Kayıt Ol",
  mainNav: "Ana menü",
  openMenu: "Menüyü aç",
  closeMenu: "Menüyü kapat",
  toggleScheme: "Açık ve koyu tema arasında geç",
  notifications: "Bildirimler",
  unread: (n: number) => `${n} okunmamış bildirim`,
  allNotifications: "Tüm Bildirimleri Gör",
  noNotifications: "Bildirim bulunmamaktadır.",
  footerMenu: "Menü",
  footerAgreements: "Sözleşmeler",
  footerContact: "İletişim",
  footerSocial: "Sosyal medya",
  rights: (year: number, name: string) => `© ${year} ${name}. Tüm hakları saklıdır.`,
  cookieText: "Size daha iyi hizmet sunabilmek için çerezler kullanıyoruz. Ayrıntılar için",
  cookieLink: "Gizlilik ve Çerez Politikası",
  cookieTextEnd: "sayfasını inceleyebilirsiniz.",
  cookieClose: "Kapat",
  cookieLabel: "Çerez bildirimi",
};

/** Titles of the notification types (spec §4). */
export function notificationTitle(
  type: NotificationType,
  content: { targetUser?: string; userName?: string },
): string {
  switch (type) {
    case "PROJECT_USER_DISCARDED":
      return "Proje Ekibinden Çıkarıldınız!";
    case "PROJECT_USER_VOTECOMPLETED":
      return "Oylama Tamamlandı!";
    case "PROJECT_USER_GOTFEEDBACK":
      return "Yeni Bir Yorum Aldınız!";
    case "PROJECT_USER_VOTETIME":
      return `Ekip Arkadaşınız ${content.targetUser ?? ""} için Oylama Zamanı!`;
    case "PROJECT_REJECTED":
    case "PROJECT_ACCEPTED":
      return "Proje Alım Sonuçları Açıklandı!";
    case "PROJECT_UPDATED":
      return "Proje Aşaması Güncellendi!";
    case "PROJECT_HIRING":
      return "Kaynak Alımı Yapılacak!";
    case "PROJECT_USER_LEFT":
      return `Proje Ekibinden ${content.userName ?? ""} Ayrıldı!`;
    case "PROJECT_TO_LIVE":
      return "Platforma Yeni Proje Eklendi!";
  }
}
