import { type ComponentType, useEffect, useState } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { lazyScreen } from "../components/lazyScreen";
import { FlashToastOutlet } from "../lib/flashToast";
import { VoteModalHost } from "./voting/VoteModalHost";

/**
 * The session wiring, loaded when the app has started: it brings the `/api` client and its texts,
 * which a visitor's first page does not need. Rendered from an effect rather than React.lazy, so
 * the prerendered pages and their hydration contain no suspended boundary.
 */
function DeferredSessionController() {
  const [Controller, setController] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    void import("../lib/session/useSession").then((m) => {
      if (active) setController(() => m.SessionController);
    });
    return () => {
      active = false;
    };
  }, []);
  return Controller ? <Controller /> : null;
}

const authScreens = () => import("./auth/screens");

/**
 * What the member side adds to every page: the session wiring (renewal at start and every 14
 * minutes, API error events followed to their page, logout when the token cannot be renewed) and
 * the weekly rating popup, opened on any page by `?oylama=<voteId>`. The app renders it once in
 * the shell, so it covers the public pages too.
 */
export function MemberShellExtras() {
  return (
    <>
      <DeferredSessionController />
      <FlashToastOutlet />
      <VoteModalHost />
    </>
  );
}

/**
 * The member side of the route table of spec §2: registration, login and password screens, the
 * project edit page, the own account page and the notifications page.
 */
export const memberRoutes: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      { path: "/kayit_ol", lazy: lazyScreen(() => authScreens().then((m) => m.SignUpPage)) },
      { path: "/onay_kodu", lazy: lazyScreen(() => authScreens().then((m) => m.CodePage)) },
      {
        path: "/kariyer_bilgileri",
        lazy: lazyScreen(() => authScreens().then((m) => m.CareerPage)),
      },
      { path: "/giris_yap", lazy: lazyScreen(() => authScreens().then((m) => m.LoginPage)) },
      {
        path: "/sifre_yenileme",
        lazy: lazyScreen(() => authScreens().then((m) => m.ResetRequestPage)),
      },
      {
        path: "/yeni_sifre_belirle",
        lazy: lazyScreen(() => authScreens().then((m) => m.NewPasswordPage)),
      },
      {
        path: "/projeler/edit/:projectId",
        lazy: lazyScreen(
          () => import("./project-edit/ProjectEditPage").then((m) => m.ProjectEditPage),
          { member: true },
        ),
      },
      {
        path: "/hesabim/:nameSlug",
        lazy: lazyScreen(() => import("./account/AccountPage").then((m) => m.AccountPage), {
          member: true,
        }),
      },
      {
        path: "/bildirimler",
        lazy: lazyScreen(
          () => import("./notifications/NotificationsPage").then((m) => m.NotificationsPage),
          { member: true },
        ),
      },
    ],
  },
];
