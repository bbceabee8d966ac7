// `npm run bench:dev` (and the end of `npm run bench`): edit-to-reload times of `store-landing dev`, medians
// of 10 edits each of a locale string, a YAML fact and a new screenshot.
//
// Dev runs as users run it (bin/store-landing.js dev --json) on a copied project; this process
// holds the event stream an open page holds, and times each edit from the moment before the
// file is written to the moment the reload message arrives: watching, debouncing, rebuilding,
// writing and telling the page. Fetching and painting the reloaded page come on top.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { createDevProject, DevEvents, type DevProject } from './dev-fixture.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const EDITS = Number(process.env.BENCH_DEV_EDITS ?? 10);
/** Between edits: the watcher's debounce and the reloads settle, as between a person's saves. */
const PAUSE_MS = 300;

interface Scenario {
  name: string;
  /** Makes edit `i` (each a real change) and returns the file written last, whose write starts the clock. */
  edit(project: DevProject, i: number): () => void;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'a locale string (locales/de.json)',
    edit: (project, i) => {
      const de = JSON.parse(project.read('locales/de.json'));
      de.app.subtitle = `Tippe eine Idee (${i})`;
      return () => project.write('locales/de.json', JSON.stringify(de, null, 2));
    },
  },
  {
    name: 'a YAML fact (app.ratingCount)',
    edit: (project, i) => {
      const yaml = project.read('variants.yaml').replace(/ratingCount: \d+/, `ratingCount: ${25600 + i + 1}`);
      return () => project.write('variants.yaml', yaml);
    },
  },
  {
    name: 'a new screenshot (an SVG, added to sharedScreenshots)',
    edit: (project, i) => {
      // A new image each time, so each is encoded (AVIF and WebP at 1x, 2x and 3x) as a new one would be.
      const svg = readFileSync(path.join(root, 'images/screenshots/default-2.svg'), 'utf8').replace('</svg>', `<!-- ${i} --></svg>`);
      project.write(`images/screenshots/new-${i}.svg`, svg);
      const document = parseDocument(project.read('variants.yaml'));
      document.addIn(['sharedScreenshots'], `images/screenshots/new-${i}.svg`);
      return () => project.write('variants.yaml', document.toString());
    },
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Starts dev on the project; resolves to its URL and a way to stop it. */
async function startDev(project: DevProject): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(root, 'bin/store-landing.js'), 'dev', '-c', 'variants.yaml', '-p', '0', '--json'], {
    cwd: project.dir,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('\n')) resolve(JSON.parse(output.split('\n')[0]!).url);
    });
    child.on('exit', () => reject(new Error(`dev exited: ${output}`)));
  });
  // Asked to stop as a person would (Ctrl-C); one that still runs after a while is ended, so the bench itself ends.
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGINT');
    });
  return { url, stop };
}

/** Times `scenario`'s edits: from the write to the reload message, in ms. */
async function timeEdits(project: DevProject, events: DevEvents, scenario: Scenario): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const write = scenario.edit(project, i);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    events.drain();
    const started = performance.now();
    write();
    const message = await events.next();
    if (message.type !== 'reload') throw new Error(`Expected a reload after editing ${scenario.name}, got ${JSON.stringify(message)}`);
    times.push(message.receivedAt - started);
  }
  return times;
}

/** Runs every scenario and prints the medians. */
export async function benchDev(): Promise<void> {
  // A copy of the demo: its 20 pages in 4 languages, the size of a real campaign.
  const project = await createDevProject('demo');
  const dev = await startDev(project);
  const events = await DevEvents.connect(dev.url);
  try {
    console.log(
      `\nstore-landing dev on a copy of the demo (20 pages): edit-to-reload times, ${EDITS} edits each (from the file write to the reload message reaching a connected page):`,
    );
    for (const scenario of SCENARIOS) {
      const times = await timeEdits(project, events, scenario);
      const [low, high] = [Math.min(...times), Math.max(...times)];
      console.log(
        `  ${scenario.name.padEnd(56)} median ${median(times).toFixed(0).padStart(5)} ms   (${low.toFixed(0)} to ${high.toFixed(0)} ms)`,
      );
    }
  } finally {
    events.close();
    // Once dev has stopped writing into it, the copy goes: the bench leaves nothing in the system's temporary folder.
    await dev.stop();
    rmSync(project.dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchDev();
