import { useEffect } from "react";
import { site } from "../lib/site";

export interface PageMetaProps {
  title: string;
  description: string;
}

function upsertMeta(attribute: "name" | "property", key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute("content", content);
}

/** What the page rendered last in Node set (the build's prerendering, scripts/prerender.mjs). */
let prerenderedMeta: { title: string; description: string } | null = null;

/** Called while the build renders a page (no effects run there): what its HTML head gets. */
function recordPrerenderedMeta(meta: { title: string; description: string }) {
  prerenderedMeta = meta;
}

/** The title and description of the page just prerendered, for its HTML head; then forgotten. */
export function takePrerenderedMeta() {
  const meta = prerenderedMeta;
  prerenderedMeta = null;
  return meta;
}

/** Sets the document title, description and social-sharing tags of the current page. */
export function usePageMeta({ title, description }: PageMetaProps) {
  // Effects do not run when the build renders the page: the head is written from this instead.
  if (typeof window === "undefined") {
    recordPrerenderedMeta({ title: `${title} | ${site.name}`, description });
  }
  useEffect(() => {
    const fullTitle = `${title} | ${site.name}`;
    document.title = fullTitle;
    upsertMeta("name", "description", description);
    upsertMeta("name", "robots", "noindex, nofollow");
    upsertMeta("property", "og:type", "website");
    upsertMeta("property", "og:site_name", site.name);
    upsertMeta("property", "og:locale", "tr_TR");
    upsertMeta("property", "og:title", fullTitle);
    upsertMeta("property", "og:description", description);
    upsertMeta("property", "og:url", window.location.href);
    upsertMeta("name", "twitter:card", "summary");
    upsertMeta("name", "twitter:title", fullTitle);
    upsertMeta("name", "twitter:description", description);
  }, [title, description]);
}

export function PageMeta(props: PageMetaProps) {
  usePageMeta(props);
  return null;
}
