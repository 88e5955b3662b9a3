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
import { takePrerenderedMeta } from "./components/PageMeta";

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
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { path: "/", file: "index.html", module: "src/features/home/HomePage.tsx" },
  { path: "/projeler", file: "projeler.html", module: "src/features/projects/ProjectsPage.tsx" },
  {
    path: "/juniorlar",
    file: "juniorlar.html",
    module: "src/features/directory/DirectoryPage.tsx",
  },
  {
    path: "/seniorlar",
    file: "seniorlar.html",
    module: "src/features/directory/DirectoryPage.tsx",
  },
  {
    path: "/sikca-sorulan-sorular",
    file: "sikca-sorulan-sorular.html",
    module: "src/features/faq/FaqPage.tsx",
  },
  ...["acik_riza_metni", "uyelik_kullanici_sozlesmesi", "kvkk", "gizlilik_cerez_politikasi"].map(
    (name) => ({
      path: `/${name}`,
      file: `${name}.html`,
      module: "src/features/legal/LegalPages.tsx",
    }),
  ),
];

export async function render(path: string): Promise<{
  html: string;
  meta: { title: string; description: string } | null;
}> {
  await loadRouteModules(path);
  const html = renderToString(
    <App
      router={
        <StaticRouter location={path}>
          <AppRoutes routes={toComponentRoutes(routes)} />
        </StaticRouter>
      }
    />,
  );
  return { html, meta: takePrerenderedMeta() };
}
