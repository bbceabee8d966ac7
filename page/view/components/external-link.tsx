// A link that leaves the landing page in a new window, so the visitor can come back to the install button.
import type { ReactNode } from 'react';

/** `<a target="_blank" rel="noopener">`: the opened page cannot reach back into this one. */
export function ExternalLink(props: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={props.href} className={props.className} target="_blank" rel="noopener">
      {props.children}
    </a>
  );
}
