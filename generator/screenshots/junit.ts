// junit.xml of a screenshot run, for CI test reporters: a test case per shot, a failure per page that changed or has no baseline.
import path from 'node:path';
import { isFailure, type ScreenshotReport, type ShotResult } from './results.ts';

/** The JUnit file's name in every report folder. */
export const JUNIT_FILE = 'junit.xml';

/**
 * The report as JUnit XML: one `<testcase>` per shot, its classname `<locale>/<variant>` and
 * its name the width (and scale), with a `<failure>` giving the share of differing pixels and
 * the paths of the images, or the missing baseline's path. Paths are as `reportDir` is given.
 */
export function writeJunit(report: ScreenshotReport, reportDir: string): string {
  const failures = report.shots.filter((shot) => isFailure(shot, report.updated)).length;
  const skipped = report.shots.filter((shot) => shot.status === 'skipped').length;
  const counts = `tests="${report.shots.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  const shard = report.shard ? `${report.shard.index}/${report.shard.count}` : 'all';
  const properties = [
    ['baselines', report.baselineDir],
    ['threshold', `${report.threshold} %`],
    ['pixelThreshold', String(report.pixelThreshold)],
    ['shard', shard],
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="store-landing screenshots" ${counts}>`,
    `  <testsuite name="screenshots" ${counts}>`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${escapeXml(name!)}" value="${escapeXml(value!)}"/>`),
    '    </properties>',
    ...report.shots.map((shot) => testCase(shot, report, reportDir)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testCase(shot: ShotResult, report: ScreenshotReport, reportDir: string): string {
  const scale = /@(\d+)x\.png$/.exec(shot.name);
  const name = `${shot.width} px${scale ? ` @${scale[1]}x` : ''}`;
  const open = `    <testcase classname="${escapeXml(`${shot.locale}/${shot.variant}`)}" name="${escapeXml(name)}"`;
  const body = caseBody(shot, report, reportDir);
  return body ? `${open}>\n${body}\n    </testcase>` : `${open}/>`;
}

/** The `<failure>` or `<skipped>` element of a shot, or nothing when it passed. */
function caseBody(shot: ShotResult, report: ScreenshotReport, reportDir: string): string | undefined {
  const file = (folder: string) => path.join(reportDir, folder, shot.name);
  if (shot.status === 'missing') {
    const message = `no baseline: ${path.join(report.baselineDir, shot.name)}`;
    return element('failure', { message, type: 'BaselineMissing' }, `${message}\nTo write it: ${report.updateCommand}`);
  }
  if (shot.status === 'skipped') return element('skipped', { message: 'not captured: baselines are missing' });
  if (!isFailure(shot, report.updated)) return undefined;
  const percent = ((shot.share ?? 0) * 100).toFixed(3);
  const message = `${percent} % of pixels differ (more than ${report.threshold} %); diff: ${file('diff')}`;
  const details = [
    `/${shot.url} at ${shot.width} px: ${shot.differingPixels} pixels differ (${percent} %), ${shot.baselineSize} -> ${shot.currentSize}`,
    `baseline: ${file('baseline')}`,
    `capture: ${file('current')}`,
    `diff: ${file('diff')}`,
    `report: ${path.join(reportDir, 'report.html')}`,
  ];
  return element('failure', { message, type: 'ScreenshotChanged' }, details.join('\n'));
}

function element(tag: string, attributes: Record<string, string>, text?: string): string {
  const attrs = Object.entries(attributes).map(([key, value]) => ` ${key}="${escapeXml(value)}"`).join('');
  return text === undefined ? `      <${tag}${attrs}/>` : `      <${tag}${attrs}>${escapeXml(text)}</${tag}>`;
}

/** Characters XML 1.0 cannot hold at all, even escaped: control characters and lone surrogates. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML content and in attribute values (either quote); what XML cannot hold becomes U+FFFD. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
