import { type ReactNode, StrictMode } from "react";
import { AppProviders } from "./AppProviders";

/**
 * The whole app around its router (with AppRoutes inside): BrowserRouter in main.tsx,
 * StaticRouter when the build prerenders a page (prerender.tsx). Both render this same tree, so
 * React's generated ids (and with them Mantine's) in the prerendered markup are the ones hydration
 * expects.
 */
export function App({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>{router}</AppProviders>
    </StrictMode>
  );
}
