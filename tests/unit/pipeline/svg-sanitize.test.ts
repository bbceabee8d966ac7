// SVG glyphs ship sanitised: scripts, event handlers, javascript: and outside links, foreignObject and DTD entities never reach assets/.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImagePipeline, optimizeImage } from '../../../generator/pipeline/images/images.ts';
import { createSvgSanitizer } from '../../../generator/pipeline/images/svg-sanitize.ts';
import { siteDir, temporaryDir } from '../../helpers.ts';

/** Every way an SVG document runs code or reaches out that a glyph could carry, around one harmless shape. */
const HOSTILE = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="56" height="56" viewBox="0 0 56 56" onload="alert(1)">
  <script>alert(2)</script>
  <script xlink:href="https://evil.example/x.js"/>
  <a href="javascript:alert(3)"><rect id="shape" width="56" height="56" fill="#007AFF" onclick="alert(4)"/></a>
  <a xlink:href="javascript:alert(5)"><circle r="3"/></a>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(6)"></iframe></foreignObject>
  <animate attributeName="href" to="javascript:alert(7)"/>
  <set attributeName="onmouseover" to="alert(8)"/>
  <use href="https://evil.example/sprite.svg#a"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
</svg>
`;

async function optimizeSource(name: string, text: string, cacheDir?: string) {
  const dir = await temporaryDir();
  const file = path.join(dir, name);
  await writeFile(file, text);
  const pipeline = createImagePipeline(cacheDir ?? path.join(dir, 'cache'));
  const image = await optimizeImage(file, 'privacyCard', pipeline);
  return { image, pipeline, shipped: Buffer.from(image.files[0]!.contents).toString('utf8') };
}

describe('SVG glyphs', () => {
  it('ship without anything that runs or reaches out, and still draw', async () => {
    const { image, shipped } = await optimizeSource('hostile.svg', HOSTILE);
    for (const banned of ['<script', 'onload', 'onclick', 'javascript:', 'foreignObject', 'iframe', 'evil.example', 'onmouseover', 'alert(']) {
      expect(shipped, banned).not.toContain(banned);
    }
    expect(shipped).toContain('<rect id="shape" width="56" height="56" fill="#007AFF"/>');
    expect(shipped).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(image.fallback).toMatch(/^hostile-[0-9a-f]{10}\.svg$/);
    expect(image).toMatchObject({ width: 32, height: 32, sources: [] });
    expect((await sharp(Buffer.from(shipped)).metadata()).width).toBe(56);
  });

  it('ship what was checked, not the input: DTD entities are not expanded into markup', async () => {
    const entity = `<!DOCTYPE svg [<!ENTITY payload "<script>alert(1)</script>">]>
<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text>&payload;</text></svg>`;
    const { shipped } = await optimizeSource('entity.svg', entity);
    expect(shipped).not.toContain('ENTITY');
    expect(shipped).not.toContain('<script');
    expect(shipped.startsWith('<svg')).toBe(true);
  });

  it('ship a clean glyph byte for byte', async () => {
    const clean = readFileSync(path.join(siteDir, 'images/formats/glyph.svg'), 'utf8');
    expect((await optimizeSource('glyph.svg', clean)).shipped).toBe(clean);
  });

  it('refuse a file with no <svg> left once cleaned: at its header (as validate does), and in the sanitiser itself', async () => {
    const text = '<script>alert(1)</script><p>x</p>';
    await expect(optimizeSource('script.svg', text)).rejects.toThrow('data in no image format');
    const sanitize = await createSvgSanitizer();
    expect(() => sanitize(text, 'script.svg')).toThrow('it is not one <svg> element once scripts, event handlers and outside links are taken out');
  });

  it('are cleaned once: a later build takes them from the cache without loading a DOM', async () => {
    const cacheDir = path.join(await temporaryDir(), 'cache');
    const first = await optimizeSource('hostile.svg', HOSTILE, cacheDir);
    expect(first.pipeline.sanitizer).toBeDefined();
    const second = await optimizeSource('hostile.svg', HOSTILE, cacheDir);
    expect(second.pipeline.sanitizer).toBeUndefined();
    expect(second.shipped).toBe(first.shipped);
  });
});
