import type { ComponentType } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { SessionController } from "../lib/session/useSession";

const authScreens = () => import("./auth/screens");

function lazyScreen(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

/** Session wiring (renewal, API error events, logout on a lost session) around member screens. */
function MemberLayout() {
  return (
    <>
      <SessionController />
      <Outlet />
    </>
  );
}

/** The member side of the route table of spec §2: registration, login and password screens. */
export const memberRoutes: RouteObject[] = [
  {
    element: <MemberLayout />,
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
    ],
  },
];
