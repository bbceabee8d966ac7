// At-rest noise: capture the same pages N times (a fresh Chromium each run), count differing pixels against run 1.
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { captureAll } from './generator/screenshots/capture.ts';
import { planShots } from './generator/screenshots/plan.ts';
import { readManifest } from './generator/shared/manifest.ts';

const [dir, runsText, filter] = process.argv.slice(2);
const runs = Number(runsText ?? 3);
const pages = (readManifest(dir!) as any).pages.filter((p: any) => !filter || new RegExp(filter).test(`${p.locale}-${p.variant}`));
const shots = planShots(pages, 1);
const decode = async (png: Buffer) => { const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true }); return { data, width: info.width, height: info.height }; };
const captures: Buffer[][] = [];
for (let r = 0; r < runs; r++) captures.push(await captureAll(dir!, shots, 1, async (_s, png) => png));
const totals = { raw: 0, aa: 0, t01: 0 };
for (let i = 0; i < shots.length; i++) {
  const first = await decode(captures[0]![i]!);
  const row: string[] = [];
  for (let r = 1; r < runs; r++) {
    const other = await decode(captures[r]![i]!);
    if (other.width !== first.width || other.height !== first.height) { row.push(`size ${other.width}x${other.height} vs ${first.width}x${first.height}`); continue; }
    const raw = pixelmatch(first.data, other.data, undefined, first.width, first.height, { threshold: 0, includeAA: true });
    const aa = pixelmatch(first.data, other.data, undefined, first.width, first.height, { threshold: 0 });
    const t01 = pixelmatch(first.data, other.data, undefined, first.width, first.height, { threshold: 0.1 });
    totals.raw += raw; totals.aa += aa; totals.t01 += t01;
    row.push(`${raw}/${aa}/${t01}`);
  }
  console.log(shots[i]!.name, first.width + 'x' + first.height, row.join(' '));
}
console.log('totals raw/aa-excluded/t0.1', totals);
// bounding boxes of raw differences per shot/run
if (process.env.BOXES) for (let i = 0; i < shots.length; i++) {
  const first = await decode(captures[0]![i]!);
  for (let r = 1; r < runs; r++) {
    const other = await decode(captures[r]![i]!);
    if (other.width !== first.width || other.height !== first.height) continue;
    let box: number[] | undefined;
    for (let y = 0; y < first.height; y++) for (let x = 0; x < first.width; x++) {
      const k = (y * first.width + x) * 4;
      if (first.data[k] !== other.data[k] || first.data[k+1] !== other.data[k+1] || first.data[k+2] !== other.data[k+2]) {
        box = box ? [Math.min(box[0]!, x), Math.min(box[1]!, y), Math.max(box[2]!, x), Math.max(box[3]!, y)] : [x, y, x, y];
      }
    }
    if (box) { console.log('box', shots[i]!.name, r, box.join(',')); await sharp(captures[0]![i]!).toFile(`/tmp/i28/noise/${shots[i]!.name}-0.png`); await sharp(captures[r]![i]!).toFile(`/tmp/i28/noise/${shots[i]!.name}-${r}.png`); }
  }
}
