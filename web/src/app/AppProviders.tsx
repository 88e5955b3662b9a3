import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, startTransition, useEffect, useState } from "react";
import { theme } from "./theme";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/**
 * The toasts' host. It draws into a portal, which Mantine mounts with a state update in a layout
 * effect, i.e. a synchronous re-render: in the hydration it would lengthen the task that ends the
 * hydration, so the host joins in a transition right after. A toast raised before that waits in
 * the notifications store and shows when the host mounts. (The server renders a portal as nothing,
 * so the hydrated markup is the same.)
 */
function NotificationsHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? <Notifications position="top-right" autoClose={3000} /> : null;
}

/**
 * Providers around every screen. The toasts' container comes with the shell, and its styles are in
 * the shell's stylesheet (./styles/public.ts): a toast is laid out and stacked above the page from
 * its first frame.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        // The theme's variables come as a stylesheet written at build time
        // (build/mantine-theme-variables.ts), not computed and injected on every start.
        withCssVariables={false}
      >
        <NotificationsHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
