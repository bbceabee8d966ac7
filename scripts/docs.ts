// `npm run docs`: rewrites what is generated from the config's definition: the reference in docs/config.md
// and variants.schema.json. Unit tests fail when either is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  configReference,
  REFERENCE_END,
  REFERENCE_FILE,
  REFERENCE_START,
  SCHEMA_FILE,
  schemaFileText,
} from '../generator/config/reference.ts';

const root = new URL('../', import.meta.url);
const pageFile = new URL(REFERENCE_FILE, root);
const page = readFileSync(pageFile, 'utf8');
const start = page.indexOf('<!-- config-reference:start');
const end = page.indexOf(REFERENCE_END);
if (start < 0 || end < start) throw new Error(`${REFERENCE_FILE} lacks the markers ${REFERENCE_START} ... ${REFERENCE_END}.`);
writeFileSync(pageFile, page.slice(0, start) + REFERENCE_START + '\n' + configReference() + '\n' + page.slice(end));
writeFileSync(new URL(SCHEMA_FILE, root), schemaFileText());
console.log(`${REFERENCE_FILE} (config reference) and ${SCHEMA_FILE} updated.`);
