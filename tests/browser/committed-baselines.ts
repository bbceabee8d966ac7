// What a screenshot run of the tests' own pages must show against their committed baselines
// (tests/baselines): the same pixels in the pinned environment that made them; drawn by another
// Chromium, the same layout and little else changed.
import { describeChange, type ScreenshotReport } from '../../generator/screenshots/results.ts';

/**
 * The share of a page's pixels outside its images that another build of Chromium may draw
 * differently. Debian ships each new Chromium to bookworm as an update of the one package, so a
 * fresh machine installs the newest, and the committed baselines stay those of the build that made
 * them until they are made again. Chromium's headless shell, built from the same source, draws the
 * edges of glyphs a little differently: it changes 0.6 to 0.9% of the pixels of the demo's pages.
 */
export const OTHER_CHROMIUM_BUDGET = 0.02;

/** What judgeCommittedBaselines found: nothing in `problems` passes; `warning` when the pixels could not be held to the same. */
export interface Verdict {
  problems: string[];
  warning?: string;
}

/**
 * Judges a run against the committed baselines (every shot is compared whatever the environment). Made in this
 * environment, or pinned (the same browser build and shipped fonts) on another platform, every
 * shot must be the same pixels. When another browser drew them (another Chromium build, or the
 * machine's own instead of the pinned one), each page must still be the same size as its baseline
 * and differ outside its images in at most OTHER_CHROMIUM_BUDGET of its pixels, and the warning
 * says to make them again with `remake`. Any other difference of the environment (the fonts, the
 * scale) fails: those are the tests' own packages and settings.
 */
export function judgeCommittedBaselines(report: ScreenshotReport, remake: string): Verdict {
  const { differences } = report.environment;
  const drawnBy = (difference: string) => difference.startsWith('browser: ') || difference.startsWith('pinned: ');
  const tolerated = differences.every((difference) => drawnBy(difference) || difference.startsWith('platform: '));
  const otherChromium = tolerated && differences.some(drawnBy);
  if (!tolerated)
    return {
      problems: differences
        .filter((difference) => !drawnBy(difference) && !difference.startsWith('platform: '))
        .map((difference) => `the environment differs: ${difference}`),
    };
  const problems: string[] = [];
  for (const shot of report.shots) {
    if (shot.status === 'same' && !shot.differingPixels) continue;
    if (!otherChromium || shot.status === 'missing' || shot.status === 'glyphs') {
      problems.push(`${shot.name}: ${shot.status}${shot.differingPixels ? ` (${describeChange(shot)})` : ''}`);
    } else if (shot.baselineSize !== shot.currentSize) {
      problems.push(`${shot.name}: the page went from ${shot.baselineSize} to ${shot.currentSize}`);
    } else {
      const [width, height] = shot.currentSize!.split('x').map(Number) as [number, number];
      const share = shot.differingOutsideImages! / (width * height);
      if (share > OTHER_CHROMIUM_BUDGET)
        problems.push(
          `${shot.name}: ${(share * 100).toFixed(2)}% of its pixels outside images differ, more than another Chromium's ${OTHER_CHROMIUM_BUDGET * 100}%`,
        );
    }
  }
  if (!otherChromium) return { problems };
  return {
    problems,
    warning: `The committed baselines were made by another Chromium (${differences.join('; ')}): compared for the same layout and at most ${OTHER_CHROMIUM_BUDGET * 100}% of each page's pixels changed, not for the same pixels. Make them again with this one: ${remake}`,
  };
}
