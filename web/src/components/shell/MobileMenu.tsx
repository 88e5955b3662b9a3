import { Drawer, NavLink, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { site } from "../../lib/site";
import { NAV_LINKS, SHELL_TEXTS } from "./texts";
import { screens } from "../../app/screens";

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  pathname: string;
  /** Login and sign-up, or the member's account button (hidden from 576 px, where the header has them). */
  actions: ReactNode;
}

/** The menu behind the burger under 992 px. */
export function MobileMenu({ opened, onClose, pathname, actions }: MobileMenuProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={site.name}
      hiddenFrom="md"
      size="xs"
      position="right"
      closeButtonProps={{ "aria-label": SHELL_TEXTS.closeMenu }}
    >
      <Stack component="nav" aria-label={SHELL_TEXTS.mainNav} gap={4}>
        {NAV_LINKS.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={
              link.to === screens.home ? pathname === screens.home : pathname.startsWith(link.to)
            }
          />
        ))}
        <Stack gap="xs" mt="md" hiddenFrom="sm">
          {actions}
        </Stack>
      </Stack>
    </Drawer>
  );
}
