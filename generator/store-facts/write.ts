// Writes the store's facts into variants.yaml in place: only the values change, its comments and layout stay.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isScalar, parse, parseDocument } from 'yaml';
import type { FactRow } from './compare.ts';

/**
 * The YAML text with each drifted fact of `rows` set to the store's value: each value's own
 * characters replaced in the text, in its quoting style, so every other byte (comments, layout,
 * flow lists) stays. Facts the config does not write are left out (a listing without an iPhone
 * gains no minimum iOS).
 */
export function updatedYaml(text: string, rows: FactRow[]): string {
  const document = parseDocument(text);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const row of rows) {
    if (row.agrees || row.config === undefined) continue;
    const node = document.getIn(row.keyPath, true);
    if (!isScalar(node) || !node.range) continue;
    const [start, end] = node.range;
    edits.push({ start, end, text: scalarText(text.slice(start, end), row.store) });
  }
  let updated = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) updated = updated.slice(0, edit.start) + edit.text + updated.slice(edit.end);
  // What was written must read back as the store's values, or nothing is written.
  const check = parseDocument(updated);
  for (const row of rows)
    if (!row.agrees && row.config !== undefined && check.getIn(row.keyPath) !== row.store)
      throw new Error(`Setting ${row.keyPath.join('.')} to ${JSON.stringify(row.store)} in the YAML did not read back.`);
  return updated;
}

/** `value` written as the scalar `source` was: double-quoted, single-quoted or plain. */
function scalarText(source: string, value: string | number): string {
  if (source.startsWith('"')) return JSON.stringify(String(value));
  if (source.startsWith("'")) return `'${String(value).replace(/'/g, "''")}'`;
  // A text that would read plain as something else ("1.15", a number) is quoted, so it stays a text.
  if (typeof value === 'string' && typeof parse(value) !== 'string') return JSON.stringify(value);
  return String(value);
}

/**
 * Replaces `file` with `text` at once: written beside it under a temporary name, then renamed
 * over it, so a failure leaves the file as it was. Keeps the file's permissions.
 */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const { mode } = await stat(file);
    await writeFile(temporary, text, { mode });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Reads `file`, sets the drifted facts and writes it back atomically; returns whether anything changed. */
export async function writeFacts(file: string, rows: FactRow[]): Promise<boolean> {
  const before = await readFile(file, 'utf8');
  const after = updatedYaml(before, rows);
  if (after === before) return false;
  await writeAtomically(file, after);
  return true;
}
