import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { theme } from "./theme";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

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
        <Notifications position="top-right" autoClose={3000} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
