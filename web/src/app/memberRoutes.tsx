import { type ComponentType, useEffect, useState } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { lazyScreen } from "../components/lazyScreen";
import { FlashToastOutlet } from "../lib/flashToast";
import { VoteModalHost } from "../features/voting/VoteModalHost";
import { screens } from "./screens";

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

const authScreens = () => import("../features/auth/screens");

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
 * The member side of the route table of docs/product-rules.md#screen-routes: registration, login and password screens, the
 * project edit page, the own account page and the notifications page.
 */
export const memberRoutes: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      { path: screens.signUp, lazy: lazyScreen(() => authScreens().then((m) => m.SignUpPage)) },
      { path: screens.confirmCode, lazy: lazyScreen(() => authScreens().then((m) => m.CodePage)) },
      {
        path: screens.career,
        lazy: lazyScreen(() => authScreens().then((m) => m.CareerPage)),
      },
      { path: screens.login, lazy: lazyScreen(() => authScreens().then((m) => m.LoginPage)) },
      {
        path: screens.resetRequest,
        lazy: lazyScreen(() => authScreens().then((m) => m.ResetRequestPage)),
      },
      {
        path: screens.newPassword,
        lazy: lazyScreen(() => authScreens().then((m) => m.NewPasswordPage)),
      },
      {
        path: screens.projectEdit,
        lazy: lazyScreen(
          () => import("../features/project-edit/ProjectEditPage").then((m) => m.ProjectEditPage),
          { member: true },
        ),
      },
      {
        path: screens.account,
        lazy: lazyScreen(
          () => import("../features/account/AccountPage").then((m) => m.AccountPage),
          {
            member: true,
          },
        ),
      },
      {
        path: screens.notifications,
        lazy: lazyScreen(
          () =>
            import("../features/notifications/NotificationsPage").then((m) => m.NotificationsPage),
          { member: true },
        ),
      },
    ],
  },
];
