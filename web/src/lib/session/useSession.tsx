import { notifications } from "@mantine/notifications";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useNavigate, type NavigateFunction } from "react-router-dom";
import { api, refreshIdToken, setSessionLostHandler } from "../api/index";
import { signOutOfAuth } from "../auth";
import { clearMemberStorage, performLogout, type LogoutOutcome } from "./logout";
import { startSessionRenewal } from "./renewal";
import { screens } from "../../app/screens";

let renewalStarted = false;

/** Renewal runs once per page load, from the page the app started on (docs/product-rules.md#session-renewal). */
function ensureRenewalStarted() {
  if (renewalStarted || typeof window === "undefined") return;
  renewalStarted = true;
  startSessionRenewal({
    pathname: window.location.pathname,
    renew: refreshIdToken,
  });
}

function logoutDeps(queryClient: QueryClient, navigate: NavigateFunction) {
  return {
    serverLogout: async () => {
      // Fetched on logout only: the contract's schemas stay out of the code every page loads.
      const { contract } = await import("@platform/common/api");
      return api.call(contract.auth.logout, {}, { timeoutMs: 5_000 });
    },
    signOut: signOutOfAuth,
    clear: () => {
      queryClient.clear();
      api.clearCsrfToken();
      clearMemberStorage(window.sessionStorage);
      clearMemberStorage(window.localStorage);
    },
    navigate: (path: string) => navigate(path, { replace: true }),
  };
}

/** The 'Çıkış Yap' action: logs out, or shows 'Çıkış işlemi başarısız!'. */
export function useLogout(): (options?: {
  force?: boolean;
  to?: string;
}) => Promise<LogoutOutcome> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async (options?: { force?: boolean; to?: string }) => {
    const outcome = await performLogout(logoutDeps(queryClient, navigate), options);
    if (!outcome.ok) notifications.show({ color: "red", message: outcome.message });
    return outcome;
  }, [queryClient, navigate]);
}

/**
 * Wires the session into the app: starts the renewal, follows API error events to the page they
 * name, and logs out when the `/api` client could not get a new token. Renders nothing.
 */
export function SessionController() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    ensureRenewalStarted();
  }, []);

  useEffect(() => {
    // The client announces a lost session (the login page) only after the handler below has
    // logged out and replaced the page with the login page; following it would add a history entry.
    const off = api.onError((event) => {
      if (event.path !== screens.login) navigate(event.path);
    });
    setSessionLostHandler(async () => {
      await performLogout(logoutDeps(queryClient, navigate), { force: true });
    });
    return () => {
      off();
      setSessionLostHandler(null);
    };
  }, [queryClient, navigate]);

  return null;
}
