/** Titles of the member screens; their forms and flows live with the member features. */
export const MEMBER_SCREENS = {
  signUp: { title: "Kayıt Ol", description: "Platforma ücretsiz üye olun." },
  code: { title: "Onay Kodu", description: "E-posta adresinize gönderilen kodu girin." },
  career: { title: "Kariyer Bilgileri", description: "Kariyer bilgilerinizi tamamlayın." },
  login: { title: "Giriş Yap", description: "Hesabınıza giriş yapın." },
  resetRequest: { title: "Şifre Yenileme", description: "Şifrenizi yenileyin." },
  newPassword: { title: "Yeni Şifre Belirle", description: "Yeni şifrenizi belirleyin." },
  account: { title: "Hesabım", description: "Profilinizi ve projelerinizi yönetin." },
  notifications: { title: "Bildirimler", description: "Bildirimleriniz." },
  projectEdit: { title: "Proje Düzenle", description: "Projenizin bilgilerini düzenleyin." },
  pending: "Bu ekran yakında kullanıma açılacak.",
} as const;

export type MemberScreenKey = Exclude<keyof typeof MEMBER_SCREENS, "pending">;
