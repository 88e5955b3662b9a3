import { createContext, useContext, useEffect } from "react";
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

/** The head of a rendered page: its full title ("… | site") and its description. */
export type PageHead = PageMetaProps;

/**
 * What a render in Node (the build's prerendering, web/src/prerender.tsx) hands the head of the
 * page it draws to: effects do not run there, so the page reports its title and description while
 * rendering. Given per render through context; the browser has none (its effect writes the head).
 */
export type PageHeadSink = (head: PageHead) => void;

const PageHeadSinkContext = createContext<PageHeadSink | null>(null);

export const PageHeadSinkProvider = PageHeadSinkContext.Provider;

/** Sets the document title, description and social-sharing tags of the current page. */
export function usePageMeta({ title, description }: PageMetaProps) {
  // Effects do not run when the build renders the page: the head is written from this instead.
  const reportHead = useContext(PageHeadSinkContext);
  reportHead?.({ title: `${title} | ${site.name}`, description });
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
