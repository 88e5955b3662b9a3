import { Component, type ComponentType, lazy, type ReactNode } from "react";
import { Outlet, type RouteObject, useLocation, useRoutes } from "react-router-dom";

/**
 * The route table (./router.tsx) rendered by a component router: BrowserRouter in the browser,
 * StaticRouter when the build prerenders a page. The app loads no data through the router (no
 * loaders or actions), and a data router (createBrowserRouter) would add about 18 KB of gzipped
 * JavaScript to every first load. What the table asks of a data router is provided here: a `lazy`
 * screen becomes a React.lazy component (the current route's is loaded before the first render,
 * loadRouteModules), an `errorElement` an error boundary around the routes below it.
 */
export function toComponentRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy: load, errorElement, hydrateFallbackElement: _, children, ...rest } = route;
    const converted: RouteObject = { ...rest } as RouteObject;
    if (typeof load === "function") {
      // Navigations run in a transition: the previous page stays until the screen has loaded.
      const Screen = lazy(async () => {
        const loaded = (await load()) as { Component?: ComponentType | null };
        if (!loaded.Component) throw new Error("A lazy route must give a Component");
        return { default: loaded.Component };
      });
      converted.element = <Screen />;
    }
    if (errorElement) {
      converted.element = (
        <RouteErrorBoundary fallback={errorElement}>
          {converted.element ?? <Outlet />}
        </RouteErrorBoundary>
      );
      delete converted.Component;
    }
    if (children) converted.children = toComponentRoutes(children);
    return converted;
  });
}

class ErrorBoundaryAt extends Component<
  { pathname: string; fallback: ReactNode; children: ReactNode },
  { failedAt: string | null }
> {
  override state = { failedAt: null as string | null };

  /** Caught: the fallback shows ("" until componentDidCatch knows the path). */
  static getDerivedStateFromError() {
    return { failedAt: "" };
  }

  /** Another path renders normally again, as with a data router's errorElement. */
  static getDerivedStateFromProps(props: { pathname: string }, state: { failedAt: string | null }) {
    return state.failedAt && state.failedAt !== props.pathname ? { failedAt: null } : null;
  }

  override componentDidCatch() {
    this.setState({ failedAt: this.props.pathname });
  }

  override render() {
    return this.state.failedAt !== null ? this.props.fallback : this.props.children;
  }
}

/** A render error below it shows `fallback` (the route's errorElement) until the path changes. */
function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundaryAt pathname={pathname} fallback={fallback}>
      {children}
    </ErrorBoundaryAt>
  );
}

/** The routes for the current location. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
