// One updating status line on a terminal while a long build runs: counts redrawn in place a few times a
// second, nothing at all off a terminal.
import type { BuildProgress } from '../pipeline/index.ts';

/** How often the line is redrawn: often enough to look alive, rarely enough to cost nothing. */
const REDRAW_MS = 125;

/** The status line's text for a build's progress. */
export function describeProgress(progress: BuildProgress): string {
  const { images } = progress;
  const imageCount = images.encoded + images.cached;
  const imageText =
    images.encoded > 0
      ? `encoding images: ${images.encoded} encoded, ${images.cached} from the cache`
      : `images: ${imageCount} from the cache`;
  const campaigns =
    progress.campaigns > 1 ? ` · campaign ${Math.min(progress.campaignsDone + 1, progress.campaigns)}/${progress.campaigns}` : '';
  switch (progress.stage) {
    case 'clean':
      // The count first: a long path is what the line's width cuts.
      return `Removing what a stopped build left: ${(progress.removing?.files ?? 0).toLocaleString('en-US')} files of ${progress.removing?.folder ?? 'its folder'}…`;
    case 'bundle':
      return 'Bundling the runtime…';
    case 'render':
      return `Rendering ${progress.pagesDone}/${progress.pages} pages${campaigns} · ${imageText}`;
    case 'write':
      return `Writing ${progress.pages} pages…`;
  }
}

/** A status line: `update` as often as you like; it is drawn at most every REDRAW_MS; `clear` removes it for good. */
export interface ProgressLine {
  update(progress: BuildProgress): void;
  clear(): void;
}

/**
 * A status line on `stream` when it is a terminal, else one that writes nothing (a log or a
 * pipe gets the summary alone). The latest progress is redrawn on a timer, so counts that
 * move between updates (images being encoded) show too.
 */
export function progressLine(
  stream: NodeJS.WriteStream | { isTTY?: boolean; write(text: string): unknown; columns?: number },
  enabled: boolean,
): ProgressLine {
  if (!enabled || !stream.isTTY) return { update() {}, clear() {} };
  let latest: BuildProgress | undefined;
  let shown = '';
  const draw = () => {
    if (!latest) return;
    const width = Math.max(20, (stream.columns || 80) - 1);
    const text = describeProgress(latest).slice(0, width);
    if (text === shown) return;
    // Back to the start of the line, erase it, write the new text: one line, updated in place.
    stream.write(`\r\x1b[2K${text}`);
    shown = text;
  };
  const timer = setInterval(draw, REDRAW_MS);
  // The line must never keep the process alive.
  timer.unref();
  return {
    update(progress) {
      const first = !latest;
      latest = progress;
      if (first) draw();
    },
    clear() {
      clearInterval(timer);
      if (shown) stream.write('\r\x1b[2K');
      shown = '';
    },
  };
}
