/**
 * Facts about the site that several screens show (footer, legal texts, page titles), from the
 * build's environment (README, "Site identity"):
 *   VITE_SITE_NAME         the name (default "Platform")
 *   VITE_CONTACT_EMAIL     the contact address of the footer and legal texts (required for a real
 *                          project's build; demo builds show iletisim@example.com)
 *   VITE_SOCIAL_LINKEDIN, VITE_SOCIAL_INSTAGRAM, VITE_SOCIAL_GITHUB
 *                          the platform's own pages; a link is shown only when configured
 */
export interface SocialLink {
  label: "LinkedIn" | "Instagram" | "GitHub";
  href: string;
}

/** The configured social pages, in footer order; blank or non-https values are left out. */
export function socialLinksFrom(env: {
  linkedin?: string;
  instagram?: string;
  github?: string;
}): SocialLink[] {
  const links: [SocialLink["label"], string | undefined][] = [
    ["LinkedIn", env.linkedin],
    ["Instagram", env.instagram],
    ["GitHub", env.github],
  ];
  return links
    .map(([label, href]) => ({ label, href: href?.trim() ?? "" }))
    .filter((l) => /^https:\/\/\S+$/.test(l.href));
}

export const site = {
  name: import.meta.env.VITE_SITE_NAME?.trim() || "Platform",
  tagline: "Juniorlar ve Seniorlar haftalık ekiplerde gerçek projeler geliştirir.",
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL?.trim() || "iletisim@example.com",
  socialLinks: socialLinksFrom({
    linkedin: import.meta.env.VITE_SOCIAL_LINKEDIN,
    instagram: import.meta.env.VITE_SOCIAL_INSTAGRAM,
    github: import.meta.env.VITE_SOCIAL_GITHUB,
  }),
} as const;
