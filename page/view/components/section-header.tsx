// A section's title row: the h2 on the left and, as on the App Store, a blue action on the right.
import type { ReactNode } from 'react';

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
