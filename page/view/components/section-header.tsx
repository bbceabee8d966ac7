// A section's title row: the h2 on the left and, as on the App Store, a blue action on the right.
import type { ReactNode } from 'react';
import { ExternalLink } from './external-link.tsx';

/** The h2 of a section (with `id` for `aria-labelledby`) and an optional action such as "See All". */
export function SectionHeader(props: { id: string; title: string; action?: ReactNode }) {
  return (
    <div className="section-header">
      <h2 id={props.id} className="section-header__title">
        {props.title}
      </h2>
      {props.action}
    </div>
  );
}

/**
 * A section's action ("Version History", "See All"): a link where the listing has a page for it,
 * else plain text that does not look like a link.
 */
export function SectionAction(props: { href?: string; label: string }) {
  if (props.href === undefined) return <span className="section-header__action section-header__action--text">{props.label}</span>;
  return (
    <ExternalLink href={props.href} className="section-header__action">
      {props.label}
    </ExternalLink>
  );
}
