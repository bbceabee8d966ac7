// junit.xml of a screenshot run, for CI test reporters: a test case per shot, a failure per page that
// changed, has no baseline or shows empty boxes, an error for another environment.
import path from 'node:path';
import { describeChange, isFailure, type ScreenshotReport, type ShotResult } from './results.ts';

/** The JUnit file's name in every report folder. */
export const JUNIT_FILE = 'junit.xml';

/**
 * The report as JUnit XML: one `<testcase>` per shot, its classname `[<campaign>/]<locale>/<variant>`
 * and its name the width (and scale), with a `<failure>` saying where the page changed and the paths
 * of the images, or the missing baseline's path, or the characters without a font. When the
 * baselines were made in another environment, one `<error>` case says how. Paths are as
 * `reportDir` is given.
 */
export function writeJunit(report: ScreenshotReport, reportDir: string): string {
  const failures = report.shots.filter((shot) => isFailure(shot, report)).length;
  const environment = environmentCase(report);
  const counts = `tests="${report.shots.length + (environment ? 1 : 0)}" failures="${failures}" errors="${environment ? 1 : 0}" skipped="0"`;
  const shard = report.shard ? `${report.shard.index}/${report.shard.count}` : 'all';
  const properties = [
    ['baselines', report.baselineDir],
    ['maxDiffPixels', String(report.maxDiffPixels)],
    ['pixelThreshold', String(report.pixelThreshold)],
    ['shard', shard],
    ['browser', report.environment.current.browser],
    ['platform', report.environment.current.platform],
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="store-landing screenshots" ${counts}>`,
    `  <testsuite name="screenshots" ${counts}>`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${escapeXml(name!)}" value="${escapeXml(value!)}"/>`),
    '    </properties>',
    ...(environment ? [environment] : []),
    ...report.shots.map((shot) => testCase(shot, report, reportDir)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** The error case of a partial approval that wrote nothing because the baselines were made in another environment. */
function environmentCase({ environment, baselineDir }: ScreenshotReport): string | undefined {
  if (!environment.withheld) return undefined;
  const message = `wrote no baseline: the baselines in ${baselineDir} were made in another environment`;
  return `    <testcase classname="environment" name="environment.json">\n${element('error', { message, type: 'EnvironmentMismatch' }, environment.differences.join('\n'))}\n    </testcase>`;
}

function testCase(shot: ShotResult, report: ScreenshotReport, reportDir: string): string {
  const scale = /@(\d+)x\.png$/.exec(shot.name);
  const name = `${shot.width} px${scale ? ` @${scale[1]}x` : ''}`;
  const classname = [shot.campaign ? path.posix.dirname(shot.name) : '', shot.locale, shot.variant].filter(Boolean).join('/');
  const open = `    <testcase classname="${escapeXml(classname)}" name="${escapeXml(name)}"`;
  const body = caseBody(shot, report, reportDir);
  return body ? `${open}>\n${body}\n    </testcase>` : `${open}/>`;
}

/** The `<failure>` element of a shot, or nothing when it passed. */
function caseBody(shot: ShotResult, report: ScreenshotReport, reportDir: string): string | undefined {
  if (!isFailure(shot, report)) return undefined;
  const file = (folder: string) => path.join(reportDir, folder, shot.name);
  if (shot.status === 'glyphs') {
    const message = `text without a font (empty boxes): ${shot.missingGlyphs}`;
    return element('failure', { message, type: 'GlyphsMissing' }, `${message}\ncapture: ${file('current')}`);
  }
  if (shot.status === 'missing') {
    const message = `no baseline: ${path.join(report.baselineDir, shot.name)}`;
    return element(
      'failure',
      { message, type: 'BaselineMissing' },
      `${message}\ncapture: ${file('current')}\nTo write it: ${report.updateCommand}`,
    );
  }
  const message = `${describeChange(shot)} (more than ${shot.maxDiffPixels}); diff: ${file('diff')}`;
  const details = [
    `/${shot.url} at ${shot.width} px: ${describeChange(shot)}, budget ${shot.maxDiffPixels} pixels at colour distance ${shot.pixelThreshold}`,
    `baseline: ${file('baseline')}`,
    `capture: ${file('current')}`,
    `diff: ${file('diff')}`,
    `report: ${path.join(reportDir, 'report.html')}`,
  ];
  return element('failure', { message, type: 'ScreenshotChanged' }, details.join('\n'));
}

function element(tag: string, attributes: Record<string, string>, text?: string): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  return text === undefined ? `      <${tag}${attrs}/>` : `      <${tag}${attrs}>${escapeXml(text)}</${tag}>`;
}

/** Characters XML 1.0 cannot hold at all, even escaped: control characters and lone surrogates. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML content and in attribute values (either quote); what XML cannot hold becomes U+FFFD. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
