// The HTML report of a screenshot run: each changed page with its baseline, the capture and the difference side by side.
import { escapeHtml } from '../../templates/document.ts';
import type { ScreenshotOptions, ScreenshotRun, ShotResult } from './run.ts';

/** One self-contained page; its images are the `baseline/`, `current/` and `diff/` folders beside it. */
export function writeReport(run: ScreenshotRun, options: Pick<ScreenshotOptions, 'pixelThreshold' | 'baselineDir'>): string {
  const fresh = run.shots.filter((shot) => shot.status === 'new');
  const summary = run.changed.length
    ? `${run.changed.length} of ${run.shots.length} screenshots differ from the baselines by more than ${run.threshold} % of their pixels.`
    : `All ${run.shots.length} screenshots match the baselines within ${run.threshold} % of their pixels.`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Screenshot report</title>
<style>
body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#1d1d1f}
h1{font-size:22px}h2{font-size:17px;margin:32px 0 8px}
.shots{display:flex;gap:16px;align-items:flex-start;overflow-x:auto}
figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
img{display:block;height:auto;border:1px solid #d2d2d7}
.muted{color:#6e6e73}
</style></head><body>
<h1>Screenshot report</h1>
<p>${escapeHtml(summary)}${run.updated ? ' The baselines have been rewritten with these captures.' : ''}</p>
<p class="muted">Baselines: ${escapeHtml(options.baselineDir)}. A pixel differs when pixelmatch's colour distance exceeds ${options.pixelThreshold}; magenta marks area only one image has.</p>
${run.changed.map(changedSection).join('\n')}
${fresh.length ? `<h2>New (no baseline before)</h2><ul>${fresh.map((shot) => `<li>${escapeHtml(shot.name)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}

function changedSection(shot: ShotResult): string {
  const name = escapeHtml(shot.name);
  const percent = ((shot.share ?? 0) * 100).toFixed(3);
  const size = shot.baselineSize === shot.currentSize ? shot.currentSize : `${shot.baselineSize} → ${shot.currentSize}`;
  return `<section>
<h2>${name}</h2>
<p class="muted">/${escapeHtml(shot.url)} at ${shot.width} px: ${shot.differingPixels} pixels differ (${percent} %), ${escapeHtml(size ?? '')}</p>
<div class="shots">
<figure><figcaption>Before (baseline)</figcaption><img src="baseline/${name}" width="${shot.width}" alt="baseline of ${name}"></figure>
<figure><figcaption>After (this build)</figcaption><img src="current/${name}" width="${shot.width}" alt="capture of ${name}"></figure>
<figure><figcaption>Difference</figcaption><img src="diff/${name}" width="${shot.width}" alt="difference of ${name}"></figure>
</div>
</section>`;
}
