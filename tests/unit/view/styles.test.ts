// The page's font stacks (page/view/styles/): each one's local faces first (fonts no Apple device gives a
// page), then Apple's system font, and each local face a stack names declared, so none is dead.
import { describe, expect, test } from 'vitest';
import { pageCss } from '../../helpers.ts';

const css = pageCss();

/** Every font-family list, on one line: of `font-family` declarations and of the `font` shorthand, without its size and line height. */
const stacks = [...css.matchAll(/(?<![\w-])font(?:-family)?:\s*([^;}]+)/g)]
  .map((match) =>
    match[1]!
      .replace(/^.*?\d+px(?:\s*\/\s*[\d.]+)?\s+/, '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
  .filter((value) => value.includes(','));
const declaredFaces = new Set([...css.matchAll(/@font-face\s*{[^}]*font-family:\s*"([^"]+)"/g)].map((match) => match[1]!));

describe('font stacks', () => {
  test('there is one for the Latin text and one for each script it lacks', () => {
    expect(stacks.length).toBeGreaterThanOrEqual(8);
  });

  test.for(stacks)("names its local faces, and nothing else, before Apple's system font: %s", (stack) => {
    expect(stack).toMatch(/^("Local [^"]+", )*-apple-system, BlinkMacSystemFont, /);
    expect(stack.slice(stack.indexOf('-apple-system'))).not.toContain('"Local ');
  });

  test('every local face a stack names is declared, and every declared one is named', () => {
    const named = new Set(stacks.flatMap((stack) => [...stack.matchAll(/"(Local [^"]+)"/g)].map((match) => match[1]!)));
    expect([...named].sort()).toEqual([...declaredFaces].sort());
  });
});
