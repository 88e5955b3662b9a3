import "./app/boot/react";
import "./app/styles/public";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app/App";
import { AppRoutes, toComponentRoutes } from "./app/AppRoutes";
import { isPrerenderedFor } from "./app/prerendered";
import { loadRouteModules, routes } from "./app/router";

/**
 * Not a top-level await: the screens' chunks import from the entry chunk, and a module waiting for
 * them while it is still being evaluated would wait for itself.
 */
async function start() {
  const container = document.getElementById("root")!;
  await loadRouteModules(window.location.pathname);
  const app = (
    <App
      router={
        <BrowserRouter>
          <AppRoutes routes={toComponentRoutes(routes)} />
        </BrowserRouter>
      }
    />
  );
  if (isPrerenderedFor(document, window.location)) {
    // A transition: hydration yields to the browser between components instead of holding the
    // main thread for the whole page (a phone's input stays responsive while the app starts).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
