/**
 * Entry of the SSR build (`vite build --ssr src/prerender.tsx`): renders a public page as a
 * visitor sees it before any data arrived, for scripts/prerender.mjs to write into its HTML. The
 * browser hydrates that markup (main.tsx), so the page is drawn from the first bytes of HTML.
 */
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./app/App";
import { AppRoutes, toComponentRoutes } from "./app/AppRoutes";
import { loadRouteModules, routes } from "./app/router";
import { screens } from "./app/screens";
import { type PageHead, PageHeadSinkProvider } from "./components/PageMeta";

export interface PrerenderedPage {
  path: string;
  /** The file Hosting serves for the path (cleanUrls: `kvkk.html` for /kvkk). */
  file: string;
  /** The route's screen module (a key of the build manifest): its code and styles are preloaded. */
  module: string;
}

/**
 * The pages whose markup is fixed apart from data: the shell, home, the lists (their skeletons),
 * the FAQ and the legal texts. Member screens and profiles render in the browser only.
 */
/** Hosting serves `<name>.html` for `/<name>` (cleanUrls), `index.html` for `/`. */
const page = (path: string, module: string): PrerenderedPage => ({
  path,
  file: path === screens.home ? "index.html" : `${path.slice(1)}.html`,
  module,
});

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  page(screens.home, "src/features/home/HomePage.tsx"),
  page(screens.projects, "src/features/projects/ProjectsPage.tsx"),
  page(screens.juniors, "src/features/directory/DirectoryPage.tsx"),
  page(screens.seniors, "src/features/directory/DirectoryPage.tsx"),
  page(screens.faq, "src/features/faq/FaqPage.tsx"),
  ...[screens.openConsent, screens.membershipAgreement, screens.kvkk, screens.cookiePolicy].map(
    (path) => page(path, "src/features/legal/LegalPages.tsx"),
  ),
];

export async function render(path: string): Promise<{
  html: string;
  meta: PageHead | null;
}> {
  await loadRouteModules(path);
  // This render's own record of the page's head (renders of several pages never share one).
  const rendered: { head: PageHead | null } = { head: null };
  const html = renderToString(
    <PageHeadSinkProvider value={(head) => (rendered.head = head)}>
      <App
        router={
          <StaticRouter location={path}>
            <AppRoutes routes={toComponentRoutes(routes)} />
          </StaticRouter>
        }
      />
    </PageHeadSinkProvider>,
  );
  return { html, meta: rendered.head };
}
