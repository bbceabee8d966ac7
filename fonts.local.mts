import { captureAll } from './generator/screenshots/capture.ts';
import { planShots } from './generator/screenshots/plan.ts';
import { readManifest } from './generator/shared/manifest.ts';
const [dir, filter] = process.argv.slice(2);
const pages = (readManifest(dir!) as any).pages.filter((p: any) => !filter || new RegExp(filter).test(`${p.locale}-${p.variant}`));
const t = Date.now();
await captureAll(dir!, planShots(pages, 1), 1, { started: (v) => console.log(v), check: async (shot, c) => console.log(shot.name, c.fonts, JSON.stringify(c.missingGlyphs)) });
console.log(Date.now() - t, 'ms');
