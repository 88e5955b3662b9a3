import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider, FirebaseAppProvider, FunctionsProvider, StorageProvider } from "reactfire";
import { auth, firebaseApp, functions, storage } from "../lib/firebase";
import { theme } from "./theme";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <StorageProvider sdk={storage}>
          <FunctionsProvider sdk={functions}>
            <QueryClientProvider client={queryClient}>
              <MantineProvider theme={theme} defaultColorScheme="auto">
                <Notifications position="top-right" autoClose={3000} />
                {children}
              </MantineProvider>
            </QueryClientProvider>
          </FunctionsProvider>
        </StorageProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
