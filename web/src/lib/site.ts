/** Facts about the site that several screens show (footer, legal texts, page titles). */
export const site = {
  name: "Platform",
  tagline: "Juniorlar ve Seniorlar haftalık ekiplerde gerçek projeler geliştirir.",
  contactEmail: "iletisim@example.com",
  socialLinks: [
    { label: "LinkedIn", href: "https://www.linkedin.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "GitHub", href: "https://github.com/" },
  ],
} as const;
