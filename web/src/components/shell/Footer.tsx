import {
  Anchor,
  Box,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconBrandGithub,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconMail,
} from "@tabler/icons-react";
import { Link } from "react-router-dom";
import { useBrowserValue } from "../../lib/hydration";
import { site } from "../../lib/site";
import { LEGAL_LINKS, NAV_LINKS, SHELL_TEXTS } from "./texts";

const SOCIAL_ICONS = {
  LinkedIn: IconBrandLinkedin,
  Instagram: IconBrandInstagram,
  GitHub: IconBrandGithub,
} as const;

/** Footer: about, menu, agreements (opened with fromFooter=true), contact and social links. */
export function Footer() {
  // The prerendered pages carry the year of the build (vite.config.ts); the visitor's clock
  // takes over once the app runs.
  const year = useBrowserValue(
    () => new Date().getFullYear(),
    Number(import.meta.env.VITE_BUILD_YEAR),
  );
  return (
    <Box
      component="footer"
      mt={64}
      py="xl"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
      bg="var(--mantine-color-default-hover)"
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} fz="lg">
              {site.name}
            </Text>
            <Text size="sm" c="dimmed">
              {site.tagline}
            </Text>
          </Stack>
          <Stack gap={6} component="nav" aria-label={SHELL_TEXTS.footerMenu}>
            <Title order={2} fz="sm" tt="uppercase">
              {SHELL_TEXTS.footerMenu}
            </Title>
            {NAV_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                {link.label}
              </Anchor>
            ))}
          </Stack>
          <Stack gap={6} component="nav" aria-label={SHELL_TEXTS.footerAgreements}>
            <Title order={2} fz="sm" tt="uppercase">
              {SHELL_TEXTS.footerAgreements}
            </Title>
            {LEGAL_LINKS.map((link) => (
              <Anchor
                key={link.to}
                component={Link}
                to={`${link.to}?fromFooter=true`}
                size="sm"
                c="dimmed"
              >
                {link.label}
              </Anchor>
            ))}
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="sm" tt="uppercase">
              {SHELL_TEXTS.footerContact}
            </Title>
            <Anchor href={`mailto:${site.contactEmail}`} size="sm" c="dimmed">
              <Group gap={6} wrap="nowrap" component="span">
                <IconMail size={16} aria-hidden />
                {site.contactEmail}
              </Group>
            </Anchor>
            {site.socialLinks.length > 0 && (
              <Group gap="sm" mt="xs">
                {site.socialLinks.map((s) => {
                  const Icon = SOCIAL_ICONS[s.label];
                  return (
                    <Anchor
                      key={s.label}
                      href={s.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={s.label}
                      c="dimmed"
                    >
                      <Icon size={22} aria-hidden />
                    </Anchor>
                  );
                })}
              </Group>
            )}
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="xs" c="dimmed" ta="center">
          {SHELL_TEXTS.rights(year, site.name)}
        </Text>
      </Container>
    </Box>
  );
}
