// The HTML document around a rendered body: head metadata, inline CSS, scripts and the embedded JSON the client reads.
import { CTA_SELECTOR, EARLY_INTERACTION, EARLY_TAP, REDIRECT_MAX_DELAY_MS } from '../../../page/contract/early-input.ts';
import { ROOT_ID } from '../../../page/contract/page-props.ts';
import { escapeHtml } from '../../shared/html.ts';
import { textDirection } from '../../../page/contract/text-direction.ts';

export interface DocumentParts {
  /** The page's language tag; it also decides `dir` (text-direction.ts). */
  lang: string;
  title: string;
  description: string;
  /** Inline CSS of the page (minified at build). */
  css: string;
  /** The Content-Security-Policy, as a `<meta>` tag (hosts without header control still get it). */
  csp?: string;
  /** The rendered content of the `<div id="root">` (ROOT_ID). */
  body: string;
  /** `hreflang` alternates of this page, `x-default` included. */
  alternates?: Array<{ hreflang: string; href: string }>;
  canonical?: string;
  icon?: string;
  /** Images the first screen needs, fetched before the parser reaches them. */
  preloadImages?: ImagePreload[];
  /** The text of one classic inline script run while the head is parsed; its CSP hash is taken over scriptText(). */
  inlineScript?: string;
  /**
   * Module scripts, in order: listed in a `<template>` and started by MODULE_LOADER once the
   * first frame is painted (the policy's 'strict-dynamic' trusts what a hashed script starts,
   * and nothing the parser meets by its URL alone).
   */
  scripts?: string[];
  /** Chunks the scripts import statically: MODULE_LOADER preloads them as it starts the scripts, so they are fetched side by side. */
  modulePreloads?: string[];
  /** JSON data blocks by element id, e.g. `page-texts`; never executed, so no CSP hash is needed. */
  data?: Record<string, unknown>;
  /** The share preview: Open Graph and Twitter card tags. */
  share?: SharePreview;
  /** Safari's Smart App Banner: the content of the `apple-itunes-app` meta tag (`app-id=..., app-argument=...`). */
  appBanner?: string;
}

/** What a link to the page shows where it is shared (a chat, a social post): Open Graph's and Twitter's tags. */
export interface SharePreview {
  title: string;
  description: string;
  /** The app's name. */
  siteName: string;
  /** The page's language as Open Graph writes it, e.g. `pt_BR`. */
  locale: string;
  /** The page's absolute URL; absent without siteUrl. */
  url?: string;
  /** The card image at an absolute URL; absent without siteUrl (Open Graph takes no relative URL). */
  image?: { url: string; width: number; height: number; alt: string };
}

/** The `<meta>` tags of a share preview: `property` for Open Graph, `name` for Twitter. */
function shareTags(share: SharePreview): string[] {
  const og = (property: string, content: string | number) => `<meta property="og:${property}" content="${escapeHtml(String(content))}">`;
  const twitter = (name: string, content: string) => `<meta name="twitter:${name}" content="${escapeHtml(content)}">`;
  const { image } = share;
  return [
    og('type', 'website'),
    og('site_name', share.siteName),
    og('title', share.title),
    og('description', share.description),
    og('locale', share.locale),
    share.url ? og('url', share.url) : '',
    ...(image
      ? [og('image', image.url), og('image:width', image.width), og('image:height', image.height), og('image:alt', image.alt)]
      : []),
    twitter('card', image ? 'summary_large_image' : 'summary'),
    twitter('title', share.title),
    twitter('description', share.description),
    ...(image ? [twitter('image', image.url), twitter('image:alt', image.alt)] : []),
  ];
}

/**
 * One image preload: a plain `href`, or a `srcset` with the `type` of the `<picture>`
 * source it matches, so the browser fetches the very file the `<picture>` will pick (or,
 * without support for that type, nothing). No `imagesizes`: the srcset uses density
 * descriptors (1x, 2x, 3x), which need none.
 */
export type ImagePreload = { href: string } | { srcset: string; type: string };

/** Assembles the full HTML document of one page. */
export function renderDocument(parts: DocumentParts): string {
  const head = [
    '<meta charset="utf-8">',
    // First after the charset: the policy covers only what comes after it.
    parts.csp ? `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(parts.csp)}">` : '',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<meta name="description" content="${escapeHtml(parts.description)}">`,
    '<meta name="format-detection" content="telephone=no">',
    '<meta name="color-scheme" content="light dark">',
    parts.appBanner ? `<meta name="apple-itunes-app" content="${escapeHtml(parts.appBanner)}">` : '',
    ...(parts.share ? shareTags(parts.share) : []),
    parts.canonical ? `<link rel="canonical" href="${escapeHtml(parts.canonical)}">` : '',
    ...(parts.alternates ?? []).map(
      (alternate) => `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`,
    ),
    // After the alternates it reads, before anything that paints.
    parts.inlineScript ? `<script>${scriptText(parts.inlineScript)}</script>` : '',
    parts.icon ? `<link rel="icon" href="${escapeHtml(parts.icon)}">` : '',
    ...(parts.preloadImages ?? []).map((preload) =>
      'href' in preload
        ? `<link rel="preload" as="image" href="${escapeHtml(preload.href)}" fetchpriority="high">`
        : `<link rel="preload" as="image" imagesrcset="${escapeHtml(preload.srcset)}" type="${escapeHtml(preload.type)}" fetchpriority="high">`,
    ),
    `<style>${styleText(parts.css)}</style>`,
  ];
  const data = Object.entries(parts.data ?? {}).map(
    ([id, value]) => `<script type="application/json" id="${escapeHtml(id)}">${serializeJson(value)}</script>`,
  );
  // The scripts first: the loader starts one element a task, and the runtime's request matters most.
  const modules = [
    ...(parts.scripts ?? []).map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    ...(parts.modulePreloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
  ];
  const scripts = parts.scripts?.length
    ? `<template id="${MODULE_SCRIPTS_ID}">${modules.join('')}</template><script type="module">${scriptText(MODULE_LOADER)}</script>`
    : '';
  return (
    `<!doctype html><html lang="${escapeHtml(parts.lang)}" dir="${textDirection(parts.lang)}"><head>${head.filter(Boolean).join('')}</head>` +
    `<body><div id="${ROOT_ID}">${parts.body}</div>${data.join('')}${scripts}</body></html>`
  );
}

/** The id of the `<template>` that lists a page's module scripts and their preloads for MODULE_LOADER. */
export const MODULE_SCRIPTS_ID = 'module-scripts';

/** The longest the module scripts wait for the first screen's images: the threshold of a good LCP. */
const FIRST_SCREEN_WAIT_MS = 2500;

/**
 * The page's one inline module script: it adds each module script and preload listed in the
 * `<template>` to the head, in order, one a task: each starts a request, which takes a phone a
 * few milliseconds (on a hidden page, whose timers are slowed, all at once). Scripts in a
 * template never run by themselves; ones a trusted (hashed) script creates are trusted under
 * 'strict-dynamic', and so is everything they load (the runtime's chunks, React, the
 * third-party SDKs).
 *
 * It starts them once the first screen is painted: the page is server-rendered, so the first
 * screen needs none of them, and on a slow network they would share its bandwidth with the
 * first screenshot. So they wait until the images fetched at high priority (the icon and the
 * first screenshot) have been drawn on the screen, or failed, for at most FIRST_SCREEN_WAIT_MS:
 * Lighthouse takes the LCP from the drawn frame, and counts each request started before it,
 * but low-priority images, as one the LCP waited for. Where the browser reports it (Element
 * Timing: AppImage marks these images), a frame is drawn when the browser says so; elsewhere
 * once the frame after the image's load has begun.
 * They start at once on a hidden page (it paints no frame) and at the visitor's first pointer
 * or key press, which it notes (EARLY_INTERACTION in runtime/hydration.ts): the runtime then
 * hydrates the sliders as soon as it runs.
 *
 * A CTA tap before the runtime has taken over (EARLY_TAP in runtime/cta.ts; a plain click as
 * isPlainClick there decides, its test written out here) is held: the loader prevents the
 * navigation, starts the scripts, and notes the tap for the runtime, which tracks the tap and
 * leaves once the networks have it (runtime/cta.ts). If the runtime has not come within
 * REDIRECT_MAX_DELAY_MS of the tap (on a slow phone it can take a second to arrive), the loader
 * goes to the link as rendered. Fixed text: one CSP hash for every page and campaign.
 */
export const MODULE_LOADER = [
  'let started=!1;',
  'const go=()=>{if(started)return;started=!0;',
  `const list=[...document.getElementById("${MODULE_SCRIPTS_ID}").content.children];`,
  'const add=()=>{const t=list.shift(),e=document.createElement(t.localName);',
  'if(e.localName=="link"){e.rel="modulepreload";e.href=t.getAttribute("href")}',
  'else{e.type="module";e.async=!1;e.src=t.getAttribute("src")}',
  'document.head.append(e);',
  'list.length&&(document.hidden?add():setTimeout(add))};add()};',
  'const first=[...document.querySelectorAll("img[fetchpriority=high]")],drawn=new Set;',
  'const done=i=>{drawn.add(i);drawn.size<first.length||setTimeout(go)};',
  'if(self.PerformanceObserver?.supportedEntryTypes?.includes("element")){',
  'new PerformanceObserver(l=>{for(const e of l.getEntries())first.includes(e.element)&&done(e.element)}).observe({type:"element",buffered:!0});',
  'for(const i of first)i.complete&&!i.naturalWidth?done(i):i.addEventListener("error",()=>done(i))',
  '}else for(const i of first){const p=()=>requestAnimationFrame(()=>requestAnimationFrame(()=>done(i)));',
  'i.complete?p():(i.addEventListener("load",p),i.addEventListener("error",p))}',
  'document.hidden||!first.length?go():0;',
  `setTimeout(go,${FIRST_SCREEN_WAIT_MS});`,
  `const pressed=()=>{window.${EARLY_INTERACTION}=!0;go()};`,
  'addEventListener("pointerdown",pressed);addEventListener("keydown",pressed);',
  'addEventListener("click",e=>{',
  `if(window.${EARLY_TAP}===null)return;`,
  `const a=e.target.closest?.(${JSON.stringify(CTA_SELECTOR)});`,
  'if(!a||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||e.defaultPrevented)return;',
  'e.preventDefault();',
  `window.${EARLY_TAP}||=`,
  `{at:Date.now(),timer:setTimeout(()=>{window.${EARLY_TAP}=null;location.assign(a.href)},${REDIRECT_MAX_DELAY_MS})};`,
  'go()})',
].join('');

/** The text of the inline `<style>` element, exactly: its CSP hash is taken over this. */
export function styleText(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

/** The text of an inline `<script>` element, exactly: its CSP hash is taken over this. */
export function scriptText(code: string): string {
  return code.replace(/<\/script/gi, '<\\/script');
}

/**
 * JSON that cannot end its `<script>` element or open a comment there:
 * `<`, `>` and `&` become unicode escapes, which JSON.parse reads back unchanged.
 */
export function serializeJson(value: unknown): string {
  // One pass for the five characters: a page's props are a long JSON text.
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
