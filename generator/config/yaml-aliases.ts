// Counts what a YAML document's aliases would copy, in one pass over its nodes, before anything expands them.
import { isAlias, isCollection, isNode, isPair, type Document } from 'yaml';

/** What the aliases of a document would do: the copies they make in all, and those naming no anchor. */
export interface AliasCount {
  /** Copies made by aliases, each alias counting itself and the copies inside what it names; counting stops past the limit. */
  copies: number;
  /** Start offset of the alias at which `copies` passed the limit, if it did. */
  overAt?: number;
  /** Aliases whose anchor is not defined before them: name and start offset. */
  unknown: Array<{ source: string; offset: number }>;
}

/** A node to visit, or the end of an anchored node, whose copies inside are then known. */
type Step = { node: unknown } | { closes: { copies?: number }; start: number };

/**
 * Counts the copies the aliases of `document` make, in document order, as yaml resolves them
 * (an alias names the last anchor of that name before it). Linear in the document's size:
 * yaml's own resolution looks every alias's anchor up by walking the document, so a flat list
 * of 300,000 aliases would take hours to refuse; here it stops at the alias that passes `limit`.
 * Iterative, so the depth of the document does not matter.
 */
export function countAliases(document: Document, limit: number): AliasCount {
  /** Each anchor's copies inside its node; undefined while the node is still open. */
  const anchors = new Map<string, { copies?: number }>();
  const result: AliasCount = { copies: 0, unknown: [] };
  const steps: Step[] = [{ node: document.contents }];
  while (steps.length) {
    const step = steps.pop()!;
    if ('closes' in step) {
      step.closes.copies = result.copies - step.start;
      continue;
    }
    const { node } = step;
    if (isAlias(node)) {
      const anchor = anchors.get(node.source);
      if (!anchor) {
        result.unknown.push({ source: node.source, offset: node.range?.[0] ?? 0 });
        continue;
      }
      // An alias inside the node it names (still open) would expand without end.
      result.copies += anchor.copies === undefined ? Number.POSITIVE_INFINITY : 1 + anchor.copies;
      if (result.copies > limit) {
        result.overAt = node.range?.[0] ?? 0;
        break;
      }
    } else if (isPair(node)) {
      steps.push({ node: node.value }, { node: node.key });
    } else if (isNode(node)) {
      if (node.anchor) {
        const anchor = {};
        anchors.set(node.anchor, anchor);
        steps.push({ closes: anchor, start: result.copies });
      }
      if (isCollection(node)) for (let i = node.items.length - 1; i >= 0; i--) steps.push({ node: node.items[i] });
    }
  }
  return result;
}
