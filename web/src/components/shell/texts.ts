import { screens } from "../../app/screens";
/** Texts of the application shell (docs/product-rules.md#screen-shell). */

export const NAV_LINKS = [
  { label: "Anasayfa", to: screens.home },
  { label: "Projeler", to: screens.projects },
  { label: "Juniorlar", to: screens.juniors },
  { label: "Seniorlar", to: screens.seniors },
  { label: "SSS", to: screens.faq },
] as const;

export const LEGAL_LINKS = [
  { label: "Açık Rıza Metni", to: screens.openConsent },
  { label: "Üyelik ve Kullanıcı Sözleşmesi", to: screens.membershipAgreement },
  { label: "KVKK Aydınlatma Metni", to: screens.kvkk },
  { label: "Gizlilik ve Çerez Politikası", to: screens.cookiePolicy },
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
  footerMenu: "Menü",
  footerAgreements: "Sözleşmeler",
  footerContact: "İletişim",
  announcement: "Duyuru",
  footerSocial: "Sosyal medya",
  rights: (year: number, name: string) => `© ${year} ${name}. Tüm hakları saklıdır.`,
  cookieText: "Size daha iyi hizmet sunabilmek için çerezler kullanıyoruz. Ayrıntılar için",
  cookieLink: "Gizlilik ve Çerez Politikası",
  cookieTextEnd: "sayfasını inceleyebilirsiniz.",
  cookieClose: "Kapat",
  cookieLabel: "Çerez bildirimi",
};
