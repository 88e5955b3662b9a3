import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider, FirebaseAppProvider } from "reactfire";
import { auth, firebaseApp } from "../lib/firebase";
import { cssVariablesResolver, theme } from "./theme";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider
            theme={theme}
            defaultColorScheme="auto"
            cssVariablesResolver={cssVariablesResolver}
          >
            <Notifications position="top-right" autoClose={3000} />
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
