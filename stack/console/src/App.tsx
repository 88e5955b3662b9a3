import { AppShell, Group, NavLink, Text, Title } from "@mantine/core";
import { Link, Route, Routes, useLocation } from "react-router-dom";
import { AuthPage } from "./pages/AuthPage";
import { FirestorePage } from "./pages/FirestorePage";
import { JobsPage } from "./pages/JobsPage";
import { LogsPage } from "./pages/LogsPage";
import { OverviewPage } from "./pages/OverviewPage";
import { RequestsPage } from "./pages/RequestsPage";
import { StoragePage } from "./pages/StoragePage";

export const PAGES = [
  { path: "/", label: "Overview", what: "services, addresses and state" },
  { path: "/firestore", label: "Firestore", what: "browse and edit documents" },
  { path: "/auth", label: "Auth", what: "users, verification, roles (custom claims)" },
  { path: "/storage", label: "Storage", what: "browse, preview, upload and delete files" },
  { path: "/requests", label: "Requests", what: "rules decisions of Firestore and Storage" },
  { path: "/jobs", label: "Jobs", what: "scheduled jobs: runs, run now, run as of" },
  { path: "/logs", label: "Logs", what: "the stack's log lines" },
] as const;

export function App() {
  const { pathname } = useLocation();
  const active = (path: string) =>
    path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);
  return (
    <AppShell header={{ height: 52 }} navbar={{ width: 200, breakpoint: 0 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" gap="xs">
          <Title order={4}>Local console</Title>
          <Text size="sm" c="dimmed">
            emulators of this machine
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Pages">
        {PAGES.map((page) => (
          <NavLink
            key={page.path}
            component={Link}
            to={page.path}
            label={page.label}
            active={active(page.path)}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Routes>
          <Route path="/" element={<OverviewPage />} />
          <Route path="/firestore/*" element={<FirestorePage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/storage" element={<StoragePage />} />
          <Route path="/requests" element={<RequestsPage />} />
          <Route path="/jobs" element={<JobsPage />} />
          <Route path="/logs" element={<LogsPage />} />
          <Route path="*" element={<Text>No such page.</Text>} />
        </Routes>
      </AppShell.Main>
    </AppShell>
  );
}
