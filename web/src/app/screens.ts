/**
 * The screen addresses (docs/product-rules.md#screen-routes), written once. The router, every link, every redirect (return
 * paths included) and every rule naming a screen take them from here; parameterised screens are
 * built by the helpers below, which encode their parameters.
 *
 * A pattern with `:name` segments is what the router matches; the helpers fill it.
 */
import { fillPath } from "../lib/fillPath";

export { fillPath };

const PROJECTS = "/projeler";
const ACCOUNT = "/hesabim";

export const screens = {
  home: "/",
  projects: PROJECTS,
  juniors: "/juniorlar",
  seniors: "/seniorlar",
  juniorProfile: "/junior/:userName",
  seniorProfile: "/senior/:userName",
  faq: "/sikca-sorulan-sorular",
  signUp: "/kayit_ol",
  confirmCode: "/onay_kodu",
  career: "/kariyer_bilgileri",
  login: "/giris_yap",
  resetRequest: "/sifre_yenileme",
  newPassword: "/yeni_sifre_belirle",
  projectEdit: `${PROJECTS}/edit/:projectId`,
  account: `${ACCOUNT}/:nameSlug`,
  notifications: "/bildirimler",
  openConsent: "/acik_riza_metni",
  membershipAgreement: "/uyelik_kullanici_sozlesmesi",
  kvkk: "/kvkk",
  cookiePolicy: "/gizlilik_cerez_politikasi",
  serverError: "/server-error",
  notFound: "/not-found",
} as const;

export type ScreenPattern = (typeof screens)[keyof typeof screens];

const withHash = (path: string, hash?: string) => (hash ? `${path}#${hash}` : path);

/** A member's public profile: juniors and seniors live under their own prefix. */
export function profilePath(type: "JUNIOR" | "SENIOR" | string, userName: string): string {
  const pattern = type === "SENIOR" ? screens.seniorProfile : screens.juniorProfile;
  return fillPath(pattern, { userName });
}

/** The directory screen listing members of a type. */
export function directoryPath(type: "JUNIOR" | "SENIOR" | string): string {
  return type === "SENIOR" ? screens.seniors : screens.juniors;
}

/** The member's own account page, optionally at one of its sections (`#kazanclarim`, …). */
export function accountPath(nameSlug: string, hash?: string): string {
  return withHash(fillPath(screens.account, { nameSlug }), hash);
}

export function projectEditPath(projectId: string): string {
  return fillPath(screens.projectEdit, { projectId });
}
