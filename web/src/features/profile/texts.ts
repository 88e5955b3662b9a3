import { messages, type MemberType } from "@platform/common";

/** Texts of the public profile pages (docs/product-rules.md#screen-public-profile). */
export const PROFILE_TEXTS = {
  home: "Anasayfa",
  directory: (type: MemberType) => (type === "JUNIOR" ? "Juniorlar" : "Seniorlar"),
  metaDescription: (name: string, position: string) =>
    `${name}${position ? `, ${position}` : ""}: platformdaki profili, projeleri ve yetenekleri.`,
  notFound: messages.users.notFound,
  error: (message: string) => `Hata: ${message}`,
  /** The database's own message may be English or technical; the page says this instead. */
  loadFailed: messages.users.fetchFailed,
  skillAverages: "Yetenek Ortalamaları",
  photoAlt: (name: string) => `${name} profil fotoğrafı`,
  gender: "Cinsiyet",
  address: "Adres",
  birthDate: "Doğum Tarihi",
  email: "E-posta",
  about: "Hakkında",
  noAbout: "Açıklama eklenmemiş.",
  education: "Eğitim ve Sertifikalar",
  noEducation: "Eğitim veya sertifika bilgisi eklenmemiş.",
  projects: "Yer Aldığı Projeler",
  noProjects: "Henüz bir projede yer almadı.",
  /** Position, days in the project and, for a past membership, that it ended. */
  membership: (position: string, days: number, active: boolean) =>
    `${position} · ${days} gün${active ? "" : " · Ayrıldı"}`,
  skills: "Yetenekler",
  noSkills: "Yetenek eklenmemiş.",
  languages: "Diller",
  noLanguages: "Dil bilgisi eklenmemiş.",
  unknown: "--",
  endMentorship: "Mentörle Çalışmayı Sonlandır",
  endMentorshipSuccess: messages.votes.discardSuccess,
  sessionExpired: messages.general.unauthorized,
  genericError: messages.general.error,
} as const;
