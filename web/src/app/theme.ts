import { Badge, createTheme, type CSSVariablesResolver } from "@mantine/core";

/**
 * Teal at its darkest shade, so white text on filled buttons and teal links on light backgrounds
 * meet the WCAG AA contrast ratio (4.5:1) in both colour schemes.
 */
export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: { light: 9, dark: 9 },
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "md",
  components: {
    // Badges show their text as written ('Yeni Proje', 'Mobil', 'Web'), not upper-cased.
    Badge: Badge.extend({ defaultProps: { tt: "none" } }),
  },
});

/** Secondary ("dimmed") text and tinted backgrounds adjusted for the same reason. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // "light" variant (tinted buttons, badges, active links): the palest tint behind teal-9 text.
    "--mantine-color-teal-light": "var(--mantine-color-teal-0)",
    "--mantine-primary-color-light": "var(--mantine-color-teal-0)",
  },
  dark: { "--mantine-color-dimmed": "var(--mantine-color-dark-1)" },
});
