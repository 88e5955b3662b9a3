import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";
// Relative: the config is bundled for Node, which would load a workspace package as raw TypeScript.
import { cssVariablesResolver, theme } from "../src/app/theme";

const ID = "virtual:mantine-theme-variables.css";
const RESOLVED = `\0${ID}`;

/**
 * The theme's CSS variables as a stylesheet written at build time. MantineProvider would otherwise
 * compute them (about 500 variables through the resolver) and render them as a <style> in the
 * page on every start, inside the single task that begins the hydration; the app renders it with
 * `withCssVariables={false}` and imports this module instead (app/styles/public.ts). The CSS is
 * exactly what the provider renders for the same theme and resolver.
 */
export function mantineThemeVariables(): Plugin {
  return {
    name: "mantine-theme-variables",
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const html = renderToStaticMarkup(
        createElement(MantineProvider, { theme, cssVariablesResolver, withGlobalClasses: false }),
      );
      const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
      if (!css) throw new Error("MantineProvider rendered no CSS variables");
      return css;
    },
  };
}
