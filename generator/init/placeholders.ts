// The placeholder images of a new project: an icon, a privacy card's icons and one screenshot per variant, drawn as PNGs.
import path from 'node:path';

/** Each placeholder's size in pixels: screenshots at half an iPhone's 1290 x 2796, icons square. */
function sizeOf(file: string): { width: number; height: number } {
  if (file.includes('/screenshots/')) return { width: 645, height: 1398 };
  return file.includes('/privacy/') ? { width: 96, height: 96 } : { width: 1024, height: 1024 };
}

/** A calm gradient with a rounded shape: shapes only, no text, so no font of the machine is drawn. */
function artwork(width: number, height: number, hue: number): string {
  const inset = Math.round(Math.min(width, height) * 0.2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,45%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect x="${inset}" y="${inset}" width="${width - 2 * inset}" height="${Math.min(height - 2 * inset, width - 2 * inset)}" rx="${inset / 2}" fill="white" fill-opacity="0.35"/>
</svg>`;
}

/** Draws each of `files` (relative to `root`, `.png`) with sharp, each in its own colour. */
export async function drawPlaceholders(root: string, files: string[]): Promise<void> {
  if (files.length === 0) return;
  // Loaded here: only init draws, and sharp is a native package.
  const { default: sharp } = await import('sharp');
  await Promise.all(
    files.map((file, index) => {
      const { width, height } = sizeOf(`/${file}`);
      return sharp(Buffer.from(artwork(width, height, (200 + index * 47) % 360)))
        .png({ compressionLevel: 9 })
        .toFile(path.join(root, file));
    }),
  );
}
