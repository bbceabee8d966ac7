// The HTML report of a screenshot run (or of merged shards): each changed page with its baseline, the capture and the difference side by side.
import { escapeHtml } from '../../templates/document.ts';
import { isFailure, type ScreenshotReport, type ShotResult } from './results.ts';

/** One self-contained page; its images are the `baseline/`, `current/` and `diff/` folders beside it. */
export function writeReport(report: ScreenshotReport): string {
  const changed = report.shots.filter((shot) => shot.status === 'changed');
  const missing = report.shots.filter((shot) => shot.status === 'missing');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Screenshot report</title>
<style>
body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#1d1d1f}
h1{font-size:22px}h2{font-size:17px;margin:32px 0 8px}
.shots{display:flex;gap:16px;align-items:flex-start;overflow-x:auto}
figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
img{display:block;height:auto;border:1px solid #d2d2d7}
.muted{color:#6e6e73}code{font-size:13px}
</style></head><body>
<h1>Screenshot report</h1>
<p>${escapeHtml(summaryOf(report, changed.length, missing.length))}</p>
<p class="muted">${escapeHtml(scopeOf(report))}Baselines: ${escapeHtml(report.baselineDir)}. A pixel differs when pixelmatch's colour distance exceeds ${report.pixelThreshold}; magenta marks area only one image has.</p>
${missing.length ? `<h2>No baseline</h2>${nameList(missing)}<p>To capture them: <code>${escapeHtml(report.updateCommand)}</code></p>` : ''}
${changed.map((shot) => changedSection(shot, report)).join('\n')}
${report.updated ? writtenSection(report) : ''}
</body></html>
`;
}

function summaryOf(report: ScreenshotReport, changed: number, missing: number): string {
  const total = report.shots.length;
  if (total === 0) return 'No screenshots to take in this part of the check.';
  if (report.updated) {
    const fresh = report.shots.filter((shot) => shot.status === 'new').length;
    return `Updated the baselines: ${report.written.length} written (${changed} changed, ${fresh} new); ${total - changed - fresh} unchanged, left as they were.`;
  }
  const found = [
    missing ? `${missing} of ${total} screenshots have no baseline (a run that misses baselines captures none of its pages)` : '',
    changed ? `${changed} of ${total} screenshots differ from the baselines by more than ${report.threshold} % of their pixels` : '',
  ].filter(Boolean);
  if (found.length) return `${found.join('; ')}.`;
  return `All ${total} screenshots match the baselines within ${report.threshold} % of their pixels.`;
}

/** Which part of the check this report covers, when it is one shard's. */
function scopeOf(report: ScreenshotReport): string {
  return report.shard ? `Shard ${report.shard.index} of ${report.shard.count}: ${report.shots.length} of ${report.planned} screenshots. ` : '';
}

function nameList(shots: ShotResult[]): string {
  return `<ul>${shots.map((shot) => `<li>${escapeHtml(shot.name)}</li>`).join('')}</ul>`;
}

function writtenSection(report: ScreenshotReport): string {
  if (report.written.length === 0) return '<p>No baseline was written: every capture is within the threshold of its baseline.</p>';
  return `<h2>Baselines written</h2><ul>${report.written.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`;
}

function changedSection(shot: ShotResult, report: ScreenshotReport): string {
  const name = escapeHtml(shot.name);
  const percent = ((shot.share ?? 0) * 100).toFixed(3);
  const size = shot.baselineSize === shot.currentSize ? shot.currentSize : `${shot.baselineSize} → ${shot.currentSize}`;
  const verdict = isFailure(shot, report.updated) ? '' : ' (the baseline has been rewritten)';
  return `<section>
<h2>${name}${verdict}</h2>
<p class="muted">/${escapeHtml(shot.url)} at ${shot.width} px: ${shot.differingPixels} pixels differ (${percent} %), ${escapeHtml(size ?? '')}</p>
<div class="shots">
<figure><figcaption>Before (baseline)</figcaption><img src="baseline/${name}" width="${shot.width}" alt="baseline of ${name}"></figure>
<figure><figcaption>After (this build)</figcaption><img src="current/${name}" width="${shot.width}" alt="capture of ${name}"></figure>
<figure><figcaption>Difference</figcaption><img src="diff/${name}" width="${shot.width}" alt="difference of ${name}"></figure>
</div>
</section>`;
}
