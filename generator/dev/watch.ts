// Watches what a build reads (the config, the locale files, the images, the page's code) with fs.watch, and
// reports each burst of changes once.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What to watch, as absolute paths. */
export interface WatchPlan {
  /** Files by exact path (the config, each image); their folders are watched, not the files, so editors' save-by-rename is seen. */
  files: string[];
  /** Folders where any file with one of `extensions` counts (the locale folders: a new locale file too). */
  folders: Array<{ dir: string; extensions: string[] }>;
  /** Folders where any file below counts (page/). */
  trees: string[];
}

/**
 * Quiet time after the last event before the burst is reported: an editor's save is a few
 * events within a millisecond or two (write, chmod, rename), and a rebuild costs far more.
 */
export const DEBOUNCE_MS = 25;

/** Names editors and tools write beside the real file while saving. */
const SCRATCH_FILE = /(^\.|~$|\.sw[a-p]$|\.tmp$|^\d+$)/;

/** Whether a change to `file` (an absolute path) concerns a build that `plan` describes. */
function planCovers(plan: WatchPlan, file: string): boolean {
  if (SCRATCH_FILE.test(path.basename(file))) return false;
  if (plan.files.some((watched) => path.resolve(watched) === file)) return true;
  const dir = path.dirname(file);
  if (plan.folders.some((folder) => path.resolve(folder.dir) === dir && folder.extensions.includes(path.extname(file)))) return true;
  return plan.trees.some((tree) => !path.relative(path.resolve(tree), file).startsWith('..'));
}

/** Every file `plan` covers that exists now, with its modification time (ms). */
export async function listPlanFiles(plan: WatchPlan): Promise<Map<string, number>> {
  const listed = async (dir: string, recursive: boolean) =>
    (await readdir(dir, { recursive }).catch(() => [] as string[])).map((name) => path.join(path.resolve(dir), name));
  const candidates = new Set(plan.files.map((file) => path.resolve(file)));
  for (const { dir } of plan.folders) for (const file of await listed(dir, false)) candidates.add(file);
  for (const tree of plan.trees) for (const file of await listed(tree, true)) candidates.add(file);
  const files = new Map<string, number>();
  await Promise.all(
    [...candidates]
      .filter((file) => planCovers(plan, file))
      .map(async (file) => {
        const stats = await stat(file).catch(() => undefined);
        if (stats?.isFile()) files.set(file, stats.mtimeMs);
      }),
  );
  return files;
}

/** The files new, modified or gone between two listPlanFiles listings. */
export function findChangedFiles(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): string[] {
  const changed = [...after].filter(([file, mtime]) => before.get(file) !== mtime).map(([file]) => file);
  return [...changed, ...[...before.keys()].filter((file) => !after.has(file))];
}

/** fs.watch over a WatchPlan: `update` swaps the plan, watching only folders it did not watch yet. */
export class FileWatcher {
  private plan: WatchPlan = { files: [], folders: [], trees: [] };
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly onChange: (files: string[]) => void,
    private readonly debounceMs = DEBOUNCE_MS,
  ) {}

  /** Watches `plan` from now on; folders no longer in it are let go. */
  update(plan: WatchPlan): void {
    this.plan = plan;
    const wanted = new Map<string, boolean>();
    for (const file of plan.files) wanted.set(path.dirname(path.resolve(file)), false);
    for (const folder of plan.folders) wanted.set(path.resolve(folder.dir), false);
    for (const tree of plan.trees) wanted.set(path.resolve(tree), true);
    for (const [key, watcher] of this.watchers) {
      if (!wanted.has(key)) {
        watcher.close();
        this.watchers.delete(key);
      }
    }
    for (const [dir, recursive] of wanted) if (!this.watchers.has(dir)) this.start(dir, recursive);
  }

  /** Stops watching; a burst not yet reported is dropped. */
  close(): void {
    clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  private start(dir: string, recursive: boolean): void {
    let watcher: FSWatcher;
    try {
      // Recursive watching is native on macOS and Windows and emulated since Node 20 on Linux: used only for page/.
      watcher = watch(dir, { recursive, persistent: true }, (_event, name) => this.noticed(dir, name));
    } catch {
      // A folder that does not exist (yet): the config names it, validation says so.
      return;
    }
    // A watched folder deleted or unreadable: stop watching it rather than crash dev.
    watcher.on('error', () => {
      watcher.close();
      this.watchers.delete(dir);
    });
    this.watchers.set(dir, watcher);
  }

  private noticed(dir: string, name: string | Buffer | null): void {
    // Without a name (rare; some platforms), anything in the folder may have changed.
    const file = name ? path.join(dir, name.toString()) : dir;
    if (name && !planCovers(this.plan, file)) return;
    this.pending.add(file);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  private flush(): void {
    const files = [...this.pending];
    this.pending.clear();
    if (files.length) this.onChange(files);
  }
}
