// The page's font stacks (templates/styles.css): Apple's system font first in every one, and each local face a stack names declared, so Apple devices never reach the local faces and none is dead.
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';

const css = await readFile(new URL('../../../templates/styles.css', import.meta.url), 'utf8');

/** Every font-family list: of `font-family` declarations and of the `font` shorthand, without its size and line height. */
const stacks = [...css.matchAll(/(?<![\w-])font(?:-family)?:\s*([^;}]+)/g)]
  .map((match) => match[1]!.replace(/^.*?\d+px(?:\/[\d.]+)?\s+/, '').trim())
  .filter((value) => value.includes(','));
const declaredFaces = new Set([...css.matchAll(/@font-face\s*{[^}]*font-family:\s*"([^"]+)"/g)].map((match) => match[1]!));

describe('font stacks', () => {
  test('there is one for the Latin text and one for each script it lacks', () => {
    expect(stacks.length).toBeGreaterThanOrEqual(8);
  });

  test.for(stacks)('begins with Apple\'s system font: %s', (stack) => {
    expect(stack).toMatch(/^-apple-system, BlinkMacSystemFont, /);
  });

  test('every local face a stack names is declared, and every declared one is named', () => {
    const named = new Set(stacks.flatMap((stack) => [...stack.matchAll(/"(Local [^"]+)"/g)].map((match) => match[1]!)));
    expect([...named].sort()).toEqual([...declaredFaces].sort());
  });
});
