// The HTML report of a screenshot run (or of merged shards): a summary first (shots, failures, the
// environment), then each failing shot side by side, its difference, and its changed region blinking between
// before and after.
import { escapeHtml } from '../shared/html.ts';
import { describeChange, isFailure, type ScreenshotReport, type ShotResult } from './results.ts';

/** How much the changed region is enlarged in its blinking view, at most: small changes (a digit, a star) are a few pixels. */
const MAX_ZOOM = 4;
/** The widest the blinking view gets, in CSS px. */
const REGION_WIDTH = 360;
/** Pixels of context around the changed region. */
const MARGIN = 12;

/**
 * One self-contained page; its images are the `baseline/`, `current/` and `diff/` folders beside it, which
 * hold the failing shots' only.
 */
export function writeReport(report: ScreenshotReport): string {
  const failing = report.shots.filter((shot) => isFailure(shot, report));
  const having = (status: string) => failing.filter((shot) => shot.status === status);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Screenshot report</title>
<style>
body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#1d1d1f}
h1{font-size:22px}h2{font-size:17px;margin:32px 0 8px}
.summary{border:1px solid #d2d2d7;border-radius:8px;padding:12px 16px;max-width:60em}
.summary table{border-collapse:collapse}.summary th{text-align:left;padding-right:16px;font-weight:600;vertical-align:top}
.bad{color:#d70015}.good{color:#248a3d}
.shots{display:flex;gap:16px;align-items:flex-start;overflow-x:auto}
figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
.frame{position:relative;line-height:0}
img{display:block;height:auto;border:1px solid #d2d2d7}
.box{position:absolute;outline:2px solid #d70015;outline-offset:2px;pointer-events:none}
.region{position:relative;overflow:auto;max-height:640px;border:1px solid #d2d2d7}
.region img{position:absolute;border:0;max-width:none;image-rendering:pixelated}
.region .after{animation:blink 1.2s steps(1) infinite}
@keyframes blink{50%{opacity:0}}
.muted{color:#6e6e73}code{font-size:13px}
</style></head><body>
<h1>Screenshot report</h1>
${summarySection(report, failing.length)}
${environmentSection(report)}
${having('glyphs').length ? `<h2>Text without a font</h2>${having('glyphs').map(glyphSection).join('\n')}` : ''}
${having('changed')
  .map((shot) => changedSection(shot))
  .join('\n')}
${having('missing').length ? `<h2>No baseline</h2><p>To write them: <code>${escapeHtml(report.updateCommand)}</code> (add <code>--only GLOB</code> to write some).</p><div class="shots">${having('missing').map(missingFigure).join('')}</div>` : ''}
${report.updated ? writtenSection(report) : ''}
${passingSection(report)}
</body></html>
`;
}

function summarySection(report: ScreenshotReport, failures: number): string {
  const total = report.shots.length;
  const count = (status: string) => report.shots.filter((shot) => shot.status === status && isFailure(shot, report)).length;
  const verdict =
    total === 0
      ? 'No screenshot was taken in this part of the check.'
      : failures === 0
        ? `All ${total} screenshots match their baselines.`
        : `${failures} of ${total} screenshots fail: ${count('changed')} changed, ${count('missing')} without a baseline, ${count('glyphs')} with text no font has.`;
  const scope = report.shard
    ? `Shard ${report.shard.index} of ${report.shard.count}: ${total} of ${report.planned} screenshots.`
    : `${total} screenshots.`;
  const { current } = report.environment;
  const rows = [
    ['Result', `<span class="${failures || report.environment.withheld ? 'bad' : 'good'}">${escapeHtml(verdict)}</span>`],
    ['Shots', escapeHtml(scope)],
    [
      'Budget',
      `more than ${report.maxDiffPixels} differing pixels fail a shot (pixelmatch colour distance ${report.pixelThreshold}, anti-aliasing aside), unless the config gives a page its own`,
    ],
    ['Baselines', escapeHtml(report.baselineDir)],
    [
      'Environment',
      escapeHtml(
        `${current.browser || 'not started'}, ${current.platform}, device scale ${current.deviceScale}${current.fingerprint ? `, fonts ${current.fingerprint}` : ''}`,
      ),
    ],
  ];
  if (report.updated)
    rows.push([
      'Written',
      `${report.written.length} baseline${report.written.length === 1 ? '' : 's'}${report.only ? ` (those matching <code>${escapeHtml(report.only)}</code>)` : ''}`,
    ]);
  return `<div class="summary"><table>${rows.map(([name, value]) => `<tr><th>${name}</th><td>${value}</td></tr>`).join('')}</table></div>`;
}

/** The baselines' environment against this one: how they differ, and what that means for the pixels below. */
function environmentSection(report: ScreenshotReport): string {
  const { baseline, differences, withheld } = report.environment;
  if (!baseline)
    return '<p class="muted">The baselines record no environment (environment.json); the next <code>--update</code> writes it.</p>';
  if (differences.length === 0)
    return `<p class="muted">The baselines were made in this environment (${escapeHtml(baseline.browser)}, fonts ${escapeHtml(baseline.fingerprint)}).</p>`;
  const list = `<ul>${differences.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  if (withheld)
    return `<h2 class="bad">Made in another environment: nothing written</h2>${list}<p>Approving only some screenshots (<code>--only</code>) here would leave baselines of two environments in one folder. Approve them in the baselines' environment (<code>.ci/Dockerfile</code>), or from a report made there (<code>--approve REPORT_DIR</code>).</p>`;
  const failing = report.shots.some((shot) => shot.status === 'changed' && !report.written.includes(shot.name));
  return `<h2>Another environment (a note)</h2>${list}<p>Every screenshot was compared${report.updated && !report.only ? ", and this environment is now the baselines'" : ''}.${failing ? " Where pixels differ below, this environment is the likely cause: capture in the baselines' environment (<code>.ci/Dockerfile</code>) or approve that environment's report (<code>--approve REPORT_DIR</code>)." : ''}</p>`;
}

function glyphSection(shot: ShotResult): string {
  const codes = [...(shot.missingGlyphs ?? '')]
    .map((c) => `${c} U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(', ');
  return `<section><h2>${escapeHtml(shot.name)}</h2><p>No installed font has ${escapeHtml(codes)}: the page shows empty boxes, and its baseline is neither compared nor written.</p>
<figure><img src="current/${escapeHtml(shot.name)}" width="${shot.width}" alt="capture of ${escapeHtml(shot.name)}"></figure></section>`;
}

function missingFigure(shot: ShotResult): string {
  const name = escapeHtml(shot.name);
  return `<figure><figcaption>${name}</figcaption><img src="current/${name}" width="${Math.round(shot.width / 2)}" alt="capture of ${name}"></figure>`;
}

function changedSection(shot: ShotResult): string {
  const name = escapeHtml(shot.name);
  const [width, height] = (shot.currentSize ?? '1x1').split('x').map(Number) as [number, number];
  const [baseWidth, baseHeight] = (shot.baselineSize ?? '1x1').split('x').map(Number) as [number, number];
  const outline = (imageWidth: number, imageHeight: number) => {
    if (!shot.box) return '';
    const percent = (value: number, of: number) => `${((value / of) * 100).toFixed(3)}%`;
    return `<div class="box" style="left:${percent(shot.box.x, imageWidth)};top:${percent(shot.box.y, imageHeight)};width:${percent(shot.box.width, imageWidth)};height:${percent(shot.box.height, imageHeight)}"></div>`;
  };
  const figure = (caption: string, folder: string, imageWidth: number, imageHeight: number) =>
    `<figure><figcaption>${caption}</figcaption><div class="frame"><img src="${folder}/${name}" width="${shot.width}" alt="${folder} of ${name}">${outline(imageWidth, imageHeight)}</div></figure>`;
  return `<section>
<h2>${name}</h2>
<p class="muted">/${escapeHtml(shot.url)} at ${shot.width} px: ${escapeHtml(describeChange(shot))}; its budget is ${shot.maxDiffPixels} pixels.</p>
<div class="shots">
${regionFigure(shot, name, width)}
${figure('Before (baseline)', 'baseline', baseWidth, baseHeight)}
${figure('After (this build)', 'current', width, height)}
${figure('Difference', 'diff', Math.max(width, baseWidth), Math.max(height, baseHeight))}
</div>
</section>`;
}

/** The changed region, enlarged, the capture blinking over the baseline: what moved or changed colour shows at once. */
function regionFigure(shot: ShotResult, name: string, imageWidth: number): string {
  if (!shot.box) return '';
  const x = Math.max(0, shot.box.x - MARGIN);
  const y = Math.max(0, shot.box.y - MARGIN);
  const regionWidth = shot.box.width + 2 * MARGIN;
  const regionHeight = shot.box.height + 2 * MARGIN;
  const zoom = Math.max(1, Math.min(MAX_ZOOM, REGION_WIDTH / regionWidth));
  const image = (folder: string, className: string) =>
    `<img class="${className}" src="${folder}/${name}" style="left:${-x * zoom}px;top:${-y * zoom}px;width:${imageWidth * zoom}px" alt="">`;
  return `<figure><figcaption>Changed region, before ⇄ after</figcaption><div class="region" style="width:${Math.round(regionWidth * zoom)}px;height:${Math.round(regionHeight * zoom)}px">${image('baseline', 'before')}${image('current', 'after')}</div></figure>`;
}

function writtenSection(report: ScreenshotReport): string {
  if (report.written.length === 0) return '<p>No baseline was written: every capture is within its budget of its baseline.</p>';
  return `<h2>Baselines written</h2><ul>${report.written.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`;
}

function passingSection(report: ScreenshotReport): string {
  const passing = report.shots.filter((shot) => !isFailure(shot, report) && !report.written.includes(shot.name));
  if (passing.length === 0) return '';
  return `<details><summary>${passing.length} matching screenshot${passing.length === 1 ? '' : 's'}</summary><ul>${passing.map((shot) => `<li>${escapeHtml(shot.name)}</li>`).join('')}</ul></details>`;
}
