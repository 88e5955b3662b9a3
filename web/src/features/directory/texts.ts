import type { MemberType } from "@platform/common";

/** Texts of the Junior and Senior directories (docs/product-rules.md#screen-directories). */
export const DIRECTORY_TEXTS = {
  heading: (type: MemberType) => (type === "JUNIOR" ? "Juniorlar" : "Seniorlar"),
  headingWithCount: (type: MemberType, count: number) =>
    `${type === "JUNIOR" ? "Juniorlar" : "Seniorlar"} (${count})`,
  description: (type: MemberType) =>
    type === "JUNIOR"
      ? "Platformdaki Juniorlar: kariyerinin başındaki yazılımcılar, tasarımcılar ve test uzmanları."
      : "Platformdaki Seniorlar: ekiplere mentörlük yapan deneyimli yazılım profesyonelleri.",
  home: "Anasayfa",
  searchPlaceholder: "isim, ünvan ara",
  searchLabel: (type: MemberType) => (type === "JUNIOR" ? "Juniorlarda ara" : "Seniorlarda ara"),
  empty: (type: MemberType) => (type === "JUNIOR" ? "Junior bulunamadı" : "Senior bulunamadı"),
  pagination: "Sayfalar",
  first: "İlk sayfa",
  previous: "Önceki sayfa",
  next: "Sonraki sayfa",
  last: "Son sayfa",
  page: (n: number) => `Sayfa ${n}`,
  noPosition: "Pozisyon belirtilmemiş",
  photoAlt: (name: string) => `${name} profil fotoğrafı`,
} as const;
