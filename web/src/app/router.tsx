import { matchRoutes, type RouteObject } from "react-router-dom";
import { NotFoundScreen } from "../components/NotFoundScreen";
import { lazyScreen } from "../components/lazyScreen";
import { PageLoader } from "../components/PageLoader";
import { AppLayout } from "../components/shell/AppLayout";
import { RouteErrorRedirect } from "../components/shell/RouteErrorRedirect";
import { MemberShellExtras, memberRoutes } from "../features/member-routes";

const legal = () => import("../features/legal/LegalPages");
const directory = () => import("../features/directory/DirectoryPage");
const profile = () => import("../features/profile/PublicProfilePage");

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout extras={<MemberShellExtras />} />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        errorElement: <RouteErrorRedirect />,
        children: [
          {
            path: "/",
            lazy: lazyScreen(() => import("../features/home/HomePage").then((m) => m.HomePage)),
          },
          {
            path: "/projeler",
            lazy: lazyScreen(() =>
              import("../features/projects/ProjectsPage").then((m) => m.ProjectsPage),
            ),
          },
          { path: "/juniorlar", lazy: lazyScreen(() => directory().then((m) => m.JuniorsPage)) },
          { path: "/seniorlar", lazy: lazyScreen(() => directory().then((m) => m.SeniorsPage)) },
          {
            path: "/junior/:userName",
            lazy: lazyScreen(() => profile().then((m) => m.JuniorProfilePage)),
          },
          {
            path: "/senior/:userName",
            lazy: lazyScreen(() => profile().then((m) => m.SeniorProfilePage)),
          },
          {
            path: "/sikca-sorulan-sorular",
            lazy: lazyScreen(() => import("../features/faq/FaqPage").then((m) => m.FaqPage)),
          },
          ...memberRoutes,
          {
            path: "/acik_riza_metni",
            lazy: lazyScreen(() => legal().then((m) => m.OpenConsentPage)),
          },
          {
            path: "/uyelik_kullanici_sozlesmesi",
            lazy: lazyScreen(() => legal().then((m) => m.MembershipAgreementPage)),
          },
          { path: "/kvkk", lazy: lazyScreen(() => legal().then((m) => m.KvkkPage)) },
          {
            path: "/gizlilik_cerez_politikasi",
            lazy: lazyScreen(() => legal().then((m) => m.CookiePolicyPage)),
          },
          {
            path: "/server-error",
            lazy: lazyScreen(() =>
              import("../features/errors/ServerErrorPage").then((m) => m.ServerErrorPage),
            ),
          },
          { path: "/not-found", element: <NotFoundScreen /> },
          { path: "*", element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

/**
 * Loads the screens of the routes matching `pathname` before the router starts, so its first
 * render is the page itself: the same markup the build prerendered (hydration needs it to match)
 * rather than a loader. Each route keeps what its `lazy` returned, as the router would.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const load = route.lazy;
    if (typeof load !== "function") continue;
    Object.assign(route, await load());
    delete route.lazy;
  }
}
