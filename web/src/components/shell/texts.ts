/** Texts of the application shell (spec §2, §4). */

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
