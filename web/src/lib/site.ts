/** Facts about the site that several screens show (footer, legal texts, page titles). */
export const site = {
  name: "Platform",
  tagline: "Juniorlar ve Seniorlar haftalık ekiplerde gerçek projeler geliştirir.",
  /** Shown in the footer and the legal texts; set per deployment with VITE_CONTACT_EMAIL. */
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL || "iletisim@example.com",
  socialLinks: [
    { label: "LinkedIn", href: "https://www.linkedin.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "GitHub", href: "https://github.com/" },
  ],
} as const;
