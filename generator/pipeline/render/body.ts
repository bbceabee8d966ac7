// Page bodies: rendered once per distinct content, and once per locale but for the screenshots section, which
// the locale's pages render alone.
import { render, renderScreenshots, type TranslatorCache } from '../../../page/view/entry-server.tsx';
import type { Messages, PageProps } from '../../../page/contract/props.ts';
import { BoundedCache, type KeyedCache } from '../../shared/bounded-cache.ts';
import { sha256Hex } from '../../shared/hash.ts';
import { INSTALL_LINK_TOKEN, joinTemplates, toTemplate, type DocumentTemplate } from './slots.ts';

/**
 * A body other pages reuse but for its screenshots section: the templates before and after
 * that section, or null when the section is not in the body exactly once (such pages are
 * rendered whole).
 */
type BodyShell = { before: DocumentTemplate; after: DocumentTemplate } | null;

/** A screenshots section, rendered alone: as text (to find it in a body) and as a template. */
interface Section {
  html: string;
  template: DocumentTemplate;
}

/** What a body shows but its route, variant and screenshots. */
type SharedProps = Omit<PageProps, 'route' | 'variant' | 'screenshots'>;

/**
 * How many shells and sections a build keeps. A campaign renders its pages a locale at a time,
 * so one shell serves them; sections are few (a locale's variants) and the same for campaigns
 * that differ only in listing facts, so they serve the campaigns after.
 */
const SHELLS_KEPT = 16;
const SECTIONS_KEPT = 64;

/**
 * The bodies of a build's pages but for the screenshots section, and those sections. Every page
 * of a locale shows the same body but for that section (page/view/app.tsx): the rest is rendered once.
 */
export class ShellCache {
  private readonly shells = new BoundedCache<string, BodyShell>(SHELLS_KEPT);
  private readonly sections = new BoundedCache<string, Section>(SECTIONS_KEPT);
  /** A number per messages object, for the sections' keys: a build loads each locale file once. */
  private readonly messageIds = new WeakMap<Messages, number>();
  private messageCount = 0;
  /**
   * The keys of shared props, by their listing: a locale's pages carry the same objects (its
   * locale bundle's), so each is serialized and hashed once, not per page.
   */
  private readonly sharedKeys = new WeakMap<object, { shared: SharedProps; key: string }>();
  /** Bodies rendered whole, and made from a shell with a section swapped in. */
  readonly rendered = { whole: 0, spliced: 0 };

  /**
   * A SHA-256 of `shared`'s JSON: equal for equal content, wherever the objects come from (dev
   * keeps bodies across rebuilds); 64 characters, not the whole JSON, for the caches to hash
   * and compare.
   */
  keyOf(shared: SharedProps): string {
    const kept = this.sharedKeys.get(shared.listing);
    const entries = Object.entries(shared) as Array<[keyof SharedProps, unknown]>;
    if (kept && entries.length === Object.keys(kept.shared).length && entries.every(([name, value]) => kept.shared[name] === value))
      return kept.key;
    const key = sha256Hex(JSON.stringify(shared));
    this.sharedKeys.set(shared.listing, { shared, key });
    return key;
  }

  /**
   * The body of the page `props`, whose props but the route, variant and screenshots have the key
   * `shellKey` (keyOf), as a template: a spliced body shares the shell's bytes, encoded once.
   */
  body(props: PageProps, shellKey: string, translators: TranslatorCache): DocumentTemplate {
    const shell = this.shells.get(shellKey);
    if (!shell) this.rendered.whole++;
    else this.rendered.spliced++;
    if (shell === undefined) {
      const body = render(props, translators);
      const section = this.section(props, translators);
      const at = body.indexOf(section.html);
      const once = at !== -1 && body.indexOf(section.html, at + 1) === -1;
      const made = once ? { before: toTemplate(body.slice(0, at)), after: toTemplate(body.slice(at + section.html.length)) } : null;
      this.shells.set(shellKey, made);
      return made ? joinTemplates([made.before, section.template, made.after]) : toTemplate(body);
    }
    if (shell === null) return toTemplate(render(props, translators));
    return joinTemplates([shell.before, this.section(props, translators).template, shell.after]);
  }

  /** The screenshots section of the page `props`: what it shows is its screenshots, install link, locale, digits and messages. */
  private section(props: PageProps, translators: TranslatorCache): Section {
    const { messages, locale, listing, screenshots, installLink } = props;
    let id = this.messageIds.get(messages);
    if (id === undefined) this.messageIds.set(messages, (id = this.messageCount++));
    const key = JSON.stringify([id, locale, listing.numberingSystem, installLink, screenshots]);
    let section = this.sections.get(key);
    if (section === undefined) {
      const html = renderScreenshots(props, translators);
      this.sections.set(key, (section = { html, template: toTemplate(html) }));
    }
    return section;
  }
}

/**
 * The page body, the install link's stand-in left in: rendered once per distinct content
 * (`bodies`), and for a page that differs from one rendered before only in its route, variant
 * and screenshots, that one's body with this page's screenshots section (`shells`).
 */
export function renderBody(
  props: PageProps,
  context: { bodies: KeyedCache<string, DocumentTemplate>; shells: ShellCache; translators: TranslatorCache },
): DocumentTemplate {
  const withStandIns = { ...props, installLink: INSTALL_LINK_TOKEN };
  const { route, variant, screenshots, ...shared } = withStandIns;
  const shellKey = context.shells.keyOf(shared);
  const key = `${shellKey}\n${JSON.stringify({ route, variant, screenshots })}`;
  let body = context.bodies.get(key);
  if (body === undefined) {
    body = context.shells.body(withStandIns, shellKey, context.translators);
    context.bodies.set(key, body);
  }
  return body;
}
