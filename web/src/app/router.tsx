import { matchRoutes, type RouteObject } from "react-router-dom";
import { NotFoundScreen } from "../components/NotFoundScreen";
import { lazyScreen } from "../components/lazyScreen";
import { PageLoader } from "../components/PageLoader";
import { AppLayout } from "../components/shell/AppLayout";
import { RouteErrorRedirect } from "../components/shell/RouteErrorRedirect";
import { MemberShellExtras, memberRoutes } from "./memberRoutes";
import { screens } from "./screens";

const legal = () => import("../features/legal/LegalPages");
const directory = () => import("../features/directory/DirectoryPage");
const profile = () => import("../features/profile/PublicProfilePage");

/** The route table of docs/product-rules.md#screen-routes. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout extras={<MemberShellExtras />} />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        errorElement: <RouteErrorRedirect />,
        children: [
          {
            path: screens.home,
            lazy: lazyScreen(() => import("../features/home/HomePage").then((m) => m.HomePage)),
          },
          {
            path: screens.projects,
            lazy: lazyScreen(() =>
              import("../features/projects/ProjectsPage").then((m) => m.ProjectsPage),
            ),
          },
          { path: screens.juniors, lazy: lazyScreen(() => directory().then((m) => m.JuniorsPage)) },
          { path: screens.seniors, lazy: lazyScreen(() => directory().then((m) => m.SeniorsPage)) },
          {
            path: screens.juniorProfile,
            lazy: lazyScreen(() => profile().then((m) => m.JuniorProfilePage)),
          },
          {
            path: screens.seniorProfile,
            lazy: lazyScreen(() => profile().then((m) => m.SeniorProfilePage)),
          },
          {
            path: screens.faq,
            lazy: lazyScreen(() => import("../features/faq/FaqPage").then((m) => m.FaqPage)),
          },
          ...memberRoutes,
          {
            path: screens.openConsent,
            lazy: lazyScreen(() => legal().then((m) => m.OpenConsentPage)),
          },
          {
            path: screens.membershipAgreement,
            lazy: lazyScreen(() => legal().then((m) => m.MembershipAgreementPage)),
          },
          { path: screens.kvkk, lazy: lazyScreen(() => legal().then((m) => m.KvkkPage)) },
          {
            path: screens.cookiePolicy,
            lazy: lazyScreen(() => legal().then((m) => m.CookiePolicyPage)),
          },
          {
            path: screens.serverError,
            lazy: lazyScreen(() =>
              import("../features/errors/ServerErrorPage").then((m) => m.ServerErrorPage),
            ),
          },
          { path: screens.notFound, element: <NotFoundScreen /> },
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
