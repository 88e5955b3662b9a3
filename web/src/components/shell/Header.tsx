import {
  ActionIcon,
  Box,
  Burger,
  Button,
  Group,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCode, IconMoon, IconSun, IconUser } from "@tabler/icons-react";
import { Link, NavLink as RouterNavLink, useLocation } from "react-router-dom";
import { lazy, Suspense, useEffect, useState } from "react";
import { site } from "../../lib/site";
import { useViewer } from "../../lib/viewer";
import { NAV_LINKS, SHELL_TEXTS } from "./texts";
import classes from "./Header.module.css";
import { accountPath, screens } from "../../app/screens";

// Members only: visitors never download the bell and its dropdown.
const MobileMenu = lazy(() => import("./MobileMenu").then((m) => ({ default: m.MobileMenu })));
const NotificationBell = lazy(() =>
  import("../../features/notifications/NotificationBell").then((m) => ({
    default: m.NotificationBell,
  })),
);

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={SHELL_TEXTS.toggleScheme}
      onClick={() => setColorScheme(computed === "light" ? "dark" : "light")}
    >
      {computed === "light" ? <IconMoon size={20} /> : <IconSun size={20} />}
    </ActionIcon>
  );
}

function Logo() {
  return (
    <UnstyledButton component={Link} to={screens.home} aria-label={`${site.name} anasayfa`}>
      <Group gap={6} wrap="nowrap">
        <IconCode size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text fw={800} fz="lg">
          {site.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** Fixed header: logo, menu, and the visitor's or member's actions (docs/product-rules.md#screen-shell). */
export function Header() {
  const [drawerOpened, drawer] = useDisclosure(false);
  // The phone menu's code is fetched the first time it is opened.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const viewer = useViewer();
  const location = useLocation();
  const closeDrawer = drawer.close;
  useEffect(() => {
    closeDrawer();
    // Close the menu after every navigation.
  }, [location.pathname, closeDrawer]);

  const accountButton = viewer.profile && (
    <Button
      component={Link}
      to={accountPath(viewer.profile.userName)}
      variant="light"
      leftSection={<IconUser size={18} />}
      data-testid="account-button"
      className={classes.nameButton}
    >
      {viewer.profile.name}
    </Button>
  );
  const guestButtons = (
    <>
      <Button component={Link} to={screens.login} variant="default">
        {SHELL_TEXTS.login}
      </Button>
      <Button component={Link} to={screens.signUp}>
        {SHELL_TEXTS.signUp}
      </Button>
    </>
  );

  return (
    <Box component="header" className={classes.header}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" maw={1280} mx="auto">
        <Logo />
        <Group component="nav" aria-label={SHELL_TEXTS.mainNav} gap={4} visibleFrom="md">
          {NAV_LINKS.map((link) => (
            <RouterNavLink
              key={link.to}
              to={link.to}
              end={link.to === screens.home}
              className={classes.link}
            >
              {link.label}
            </RouterNavLink>
          ))}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ColorSchemeToggle />
          {viewer.signedIn && viewer.uid && (
            <Suspense fallback={null}>
              <NotificationBell uid={viewer.uid} />
            </Suspense>
          )}
          <Group gap="xs" wrap="nowrap" visibleFrom="sm">
            {viewer.signedIn ? accountButton : !viewer.loading && guestButtons}
          </Group>
          <Burger
            opened={drawerOpened}
            onClick={() => {
              setMenuLoaded(true);
              drawer.toggle();
            }}
            hiddenFrom="md"
            aria-label={drawerOpened ? SHELL_TEXTS.closeMenu : SHELL_TEXTS.openMenu}
          />
        </Group>
      </Group>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={drawerOpened}
            onClose={drawer.close}
            pathname={location.pathname}
            actions={viewer.signedIn ? accountButton : guestButtons}
          />
        </Suspense>
      )}
    </Box>
  );
}
