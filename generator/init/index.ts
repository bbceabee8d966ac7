// `store-landing init`: writes a new project into an empty folder, or the missing files of a project it wrote.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SHIPPED_LABELS_DIR } from '../config/shipped-labels.ts';
import { InitFolderNotEmpty } from '../shared/errors.ts';
import { isMarked, markerOf, writeMarker } from '../shared/ownership.ts';
import { drawPlaceholders } from './placeholders.ts';
import {
  BASELINES_README,
  GITIGNORE,
  type InitChoices,
  localeJson,
  packageJson,
  PUPPETEERRC,
  variantName,
  variantsYaml,
  WORKFLOW,
} from './project-files.ts';

/** What a folder may hold before init writes into it: a fresh `git init` is still empty. */
const ALLOWED_BEFORE = new Set(['.git']);

/** What init wrote (paths relative to the project), and what it left as it was. */
export interface InitResult {
  dir: string;
  written: string[];
  kept: string[];
}

/**
 * Writes the project into `dir` (created when missing). Refuses a folder that holds anything
 * but `.git` unless init's marker is there; in its own folder it writes only the missing files,
 * so it never overwrites a file the team edited.
 */
export async function initProject(dir: string, choices: InitChoices, today = new Date().toISOString().slice(0, 10)): Promise<InitResult> {
  const root = path.resolve(dir);
  if (existsSync(root) && !isMarked(root, 'project')) {
    const entries = readdirSync(root).filter((name) => !ALLOWED_BEFORE.has(name));
    if (entries.length > 0) throw InitFolderNotEmpty.create(dir);
  }
  const tool = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
    devDependencies: Record<string, string>;
  };
  const english = JSON.parse(readFileSync(path.join(SHIPPED_LABELS_DIR, 'en.json'), 'utf8')) as Record<string, unknown>;
  const texts: Record<string, string> = {
    'package.json': packageJson(choices, tool),
    'variants.yaml': variantsYaml(choices, today),
    '.gitignore': GITIGNORE,
    '.puppeteerrc.cjs': PUPPETEERRC,
    '.github/workflows/landing-pages.yml': WORKFLOW,
    'baselines/README.md': BASELINES_README,
    ...Object.fromEntries(choices.locales.map((locale) => [`locales/${locale}.json`, localeJson(choices.name, locale, english)])),
  };
  const images = [
    'icon',
    'privacy/not-linked',
    'privacy/diagnostics',
    'screenshots/shared-1',
    ...choices.routes.map((route) => `screenshots/${variantName(route)}-1`),
  ];
  const result: InitResult = { dir: root, written: [], kept: [] };
  const missing = (file: string) => {
    const absent = !existsSync(path.join(root, file));
    (absent ? result.written : result.kept).push(file);
    if (absent) mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    return absent;
  };
  mkdirSync(root, { recursive: true });
  if (!isMarked(root, 'project')) {
    writeMarker(root, 'project');
    result.written.push(markerOf('project').file);
  }
  for (const [file, text] of Object.entries(texts)) if (missing(file)) writeFileSync(path.join(root, file), text);
  const toDraw = images.map((image) => `images/${image}.png`).filter(missing);
  await drawPlaceholders(root, toDraw);
  return result;
}
