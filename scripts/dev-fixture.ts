// For the dev tests and the dev benchmark: a small project in a temporary folder to edit (never the user's
// variants.yaml), and a client of dev's event stream.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { get, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A copy of a config with its locale files and images beside it. */
export interface DevProject {
  dir: string;
  config: string;
  /** Reads a file of the project (relative path). */
  read(file: string): string;
  /** Writes a file of the project (relative path) at once, as an editor's save does. */
  write(file: string, text: string): void;
}

/** The configs a project can be a copy of: the small base fixture (4 pages), or the demo (20 pages, for the benchmark). */
const SOURCES = {
  base: { config: 'tests/fixtures/site/base.yaml', locales: ['en', 'de'] },
  demo: { config: 'tests/fixtures/site/variants.yaml', locales: ['en', 'de', 'es', 'fr'] },
};

/** An image path as a config writes it (a whole token: not the tail of a URL). */
const IMAGE_PATH = /(?<![:\w./-])[\w./-]+\.(?:svg|png|jpe?g|webp)\b/g;

/**
 * Copies a config into `into` (an empty folder; a fresh one in the system's temporary folder when
 * not given), with its locale files in `locales/` and its images in `images/` (the YAML rewritten
 * to point there), and the repository's encoded images of those artworks into its
 * `.cache/images/`: renditions are named by their source's content, so the copies are found there
 * and a dev start does not encode them again (on a fresh clone the cache is empty and the first
 * start encodes them).
 */
export async function createDevProject(from: keyof typeof SOURCES = 'base', into?: string): Promise<DevProject> {
  const source = SOURCES[from];
  const sourceFile = path.join(root, source.config);
  const sourceDir = path.dirname(sourceFile);
  const dir = into ?? (await mkdtemp(path.join(tmpdir(), 'store-landing-dev-project-')));
  let yaml = readFileSync(sourceFile, 'utf8');
  const localesDir = path.resolve(sourceDir, /^localesDir: *(\S+)/m.exec(yaml)?.[1] ?? 'locales');
  yaml = /^localesDir:/m.test(yaml) ? yaml.replace(/^localesDir: *\S+/m, 'localesDir: locales') : yaml;
  for (const locale of source.locales) copyInto(dir, `locales/${locale}.json`, path.join(localesDir, `${locale}.json`));
  const stems: string[] = [];
  yaml = yaml.replace(IMAGE_PATH, (image) => {
    // Kept below images/ as in the repository (images/screenshots/default-1.svg), else by name.
    const copy = `images/${image.includes('images/') ? image.slice(image.lastIndexOf('images/') + 7) : path.basename(image)}`;
    copyInto(dir, copy, path.resolve(sourceDir, image));
    stems.push(path.basename(image, path.extname(image)));
    return copy;
  });
  copyCachedRenditions(dir, stems);
  writeFileSync(path.join(dir, 'variants.yaml'), yaml);
  return {
    dir,
    config: path.join(dir, 'variants.yaml'),
    read: (file) => readFileSync(path.join(dir, file), 'utf8'),
    write: (file, text) => writeFileSync(path.join(dir, file), text),
  };
}

function copyInto(dir: string, relative: string, source: string): void {
  mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  copyFileSync(source, path.join(dir, relative));
}

function copyCachedRenditions(dir: string, stems: string[]): void {
  const cache = path.join(root, '.cache/images');
  if (!existsSync(cache)) return;
  const target = path.join(dir, '.cache/images');
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(cache)) {
    if (stems.some((stem) => name.startsWith(`${stem}-`))) copyFileSync(path.join(cache, name), path.join(target, name));
  }
}

/** A message of dev's event stream, with when it arrived (performance.now()). */
export interface ReceivedMessage {
  type: string;
  [field: string]: unknown;
  receivedAt: number;
}

/** A connection to dev's event stream, as an open page has: messages queue up until taken with `next`. */
export class DevEvents {
  private readonly received: ReceivedMessage[] = [];
  private waiting: (() => void) | undefined;
  private request: ClientRequest | undefined;

  /** Connects to the dev server at `origin`; resolves once the stream is open. */
  static async connect(origin: string): Promise<DevEvents> {
    const events = new DevEvents();
    await new Promise<void>((resolve, reject) => {
      events.request = get(new URL('/__store-landing/events', origin), (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const frames = buffer.split('\n\n');
          buffer = frames.pop()!;
          for (const frame of frames) events.receive(frame);
        });
        resolve();
      });
      events.request.on('error', reject);
    });
    return events;
  }

  /** The next message (of `type`, when given; earlier ones of other types are skipped). */
  async next(type?: string, timeoutMs = 30_000): Promise<ReceivedMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex((message) => !type || message.type === type);
      if (index !== -1) return this.received.splice(0, index + 1).at(-1)!;
      if (Date.now() > deadline) throw new Error(`No "${type ?? 'any'}" message from dev within ${timeoutMs} ms.`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  /** Forgets the messages received so far. */
  drain(): void {
    this.received.length = 0;
  }

  close(): void {
    this.request?.destroy();
  }

  private receive(frame: string): void {
    const data = frame.split('\n').find((line) => line.startsWith('data: '));
    if (!data) return;
    this.received.push({ ...(JSON.parse(data.slice(6)) as { type: string }), receivedAt: performance.now() });
    this.waiting?.();
  }
}
