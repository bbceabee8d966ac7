// Regular expressions over a raw Accept-Language header, for hosts whose rules can only match a header against a pattern (Vercel).
import { primaryGroups, primaryOf } from './language-tags.ts';

/**
 * The pattern of headers whose first usable language range leads to `locale`, where
 * "usable" is what negotiateLocale would accept: a range of a configured language (or `*`)
 * whose q-value is not 0. Ranges of other languages and `q=0` ranges are skipped; the
 * first usable range decides. This is negotiateLocale exactly when q-values do not rise
 * along the header, which is how browsers write it; a header such as
 * `fr;q=0.5, de;q=0.9` gets `fr` here and `de` from negotiateLocale. Parameters other
 * than `q`, and malformed q-values, make the pattern fail (the route after the patterns
 * serves the fallback locale). The default locale's pattern also takes `*` first and a
 * header naming no language, as negotiateLocale gives them the default locale.
 *
 * The syntax is the common core of JavaScript, PCRE and RE2 (no lookaround, no flags):
 * case-insensitivity is spelled out as `[dD]`. Anchored with `^…$`, so it means the same
 * whether the engine anchors it or searches with it.
 */
export function acceptLanguagePattern(locales: readonly string[], locale: string, defaultLocale: string): string {
  const groups = primaryGroups(locales);
  const known = groups.map((group) => group.primary);
  const tags = tagsLeadingTo(locales, locale);
  const accepts = locale === defaultLocale ? `(?:${tags}|\\*)` : tags;
  const other = `${complement(known, LETTERS)}${MORE_SUBTAGS}`;
  const anyKnown = `${alternatives(known.map(literal))}${MORE_SUBTAGS}`;
  const skipped = `${OWS}(?:${other}${OWS}(?:;[^,]*)?|(?:${anyKnown}|\\*)${OWS}${Q_ZERO}|)${OWS}`;
  const accepted = `${OWS}${accepts}${OWS}${Q_POSITIVE}?${OWS}`;
  const usable = `(?:${skipped},)*${accepted}(?:,.*)?`;
  return locale === defaultLocale ? `^(?:${usable}|[ \\t,]*)$` : `^${usable}$`;
}

/** Optional whitespace around the parts of a range. */
const OWS = '[ \\t]*';
/** The subtags after the primary one. */
const MORE_SUBTAGS = '(?:-[0-9A-Za-z]+)*';
const Q_PARAMETER = `;${OWS}[qQ]${OWS}=${OWS}`;
const Q_ZERO = `${Q_PARAMETER}0(?:\\.0*)?${OWS}`;
const Q_POSITIVE = `(?:${Q_PARAMETER}(?:0\\.[0-9]*[1-9][0-9]*|1(?:\\.0*)?)${OWS})`;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHANUMERICS = `${LETTERS}0123456789`;

/**
 * The pattern of the language tags negotiateLocale maps to `locale`: the tags it is the
 * longest prefix of, and for the primary subtag's fallback locale, the tags of its primary
 * subtag that no configured locale prefixes. Built by walking the configured tags subtag
 * by subtag, each step claiming what no longer tag claims.
 */
function tagsLeadingTo(locales: readonly string[], locale: string): string {
  const group = primaryGroups(locales).find((candidate) => candidate.primary === primaryOf(locale))!;
  const root = newNode();
  for (const member of group.locales) {
    let node = root;
    for (const subtag of member.toLowerCase().split('-').slice(1)) {
      if (!node.children.has(subtag)) node.children.set(subtag, newNode());
      node = node.children.get(subtag)!;
    }
    node.locale = member;
  }
  root.locale = group.fallback;
  const found: string[] = [];
  walk(root, group.fallback, literal(group.primary), locale, found);
  return alternatives(found);
}

interface TagNode {
  locale?: string;
  children: Map<string, TagNode>;
}

function newNode(): TagNode {
  return { children: new Map() };
}

/** Collects in `found` the patterns (below `prefix`) of the tags that lead to `wanted`. */
function walk(node: TagNode, owner: string, prefix: string, wanted: string, found: string[]): void {
  const own = node.locale ?? owner;
  if (own === wanted) {
    // The tag ends here, or goes on with a subtag no configured locale has at this point.
    const onward = node.children.size ? `(?:-${complement([...node.children.keys()], ALPHANUMERICS)}${MORE_SUBTAGS})?` : MORE_SUBTAGS;
    found.push(prefix + onward);
  }
  for (const [subtag, child] of node.children) walk(child, own, `${prefix}-${literal(subtag)}`, wanted, found);
}

/**
 * A pattern of the non-empty words over `alphabet` that are none of `words`: at each
 * letter, a letter no word goes on with (then anything), the end of a proper prefix,
 * or the letter of a word (then the rest, recursively).
 */
export function complement(words: readonly string[], alphabet: string): string {
  return complementFrom(
    words.map((word) => word.toLowerCase()),
    '',
    alphabet,
  );
}

function complementFrom(words: readonly string[], prefix: string, alphabet: string): string {
  const next = [
    ...new Set(words.filter((word) => word.length > prefix.length && word.startsWith(prefix)).map((word) => word[prefix.length]!)),
  ];
  const options: string[] = [];
  if (prefix && !words.includes(prefix)) options.push('');
  const free = [...alphabet].filter((character) => !next.includes(character));
  if (free.length) options.push(`${characterClass(free)}${characterClass([...alphabet])}*`);
  for (const character of next) options.push(literal(character) + complementFrom(words, prefix + character, alphabet));
  return alternatives(options);
}

/** `[dD]` for `d`: the engines share no case-insensitive flag. */
function literal(text: string): string {
  return [...text]
    .map((character) =>
      /[a-z]/i.test(character)
        ? `[${character.toLowerCase()}${character.toUpperCase()}]`
        : character.replace(/[-\\^$.*+?()[\]{}|]/g, '\\$&'),
    )
    .join('');
}

/** A class of the characters and their upper case, as ranges. */
function characterClass(characters: readonly string[]): string {
  const codes = [...new Set(characters.flatMap((character) => [character, character.toUpperCase()]))]
    .map((character) => character.charCodeAt(0))
    .sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let start = 0; start < codes.length; ) {
    let end = start;
    while (end + 1 < codes.length && codes[end + 1] === codes[end]! + 1) end++;
    const first = String.fromCharCode(codes[start]!);
    const last = String.fromCharCode(codes[end]!);
    ranges.push(end === start ? first : end === start + 1 ? first + last : `${first}-${last}`);
    start = end + 1;
  }
  return `[${ranges.join('')}]`;
}

function alternatives(options: readonly string[]): string {
  return options.length === 1 ? options[0]! : `(?:${options.join('|')})`;
}
