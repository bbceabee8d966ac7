// A build's errors past validation (an image it cannot use, a page that fails to render), and a folder that holds no build.
import { define } from './user-error.ts';

export const RenderFailed = define({
  name: 'RenderFailed',
  message: (page: string, reason: string) => `Rendering ${page} failed: ${reason}`,
  hint: 'Run again with --debug for the stack trace.',
});

export const ImageUnreadable = define({
  name: 'ImageUnreadable',
  message: (file: string, reason: string) => `Cannot read the image ${file}: ${reason}.`,
  hint: 'Images must be PNG, JPEG, WebP or SVG files; re-export it, or point the config at another file.',
});

/** `reason`: checkImage's problem (shared/image-limits.ts), which `validate` reports at the YAML line. */
export const ImageRefused = define({
  name: 'ImageRefused',
  message: (file: string, reason: string) => `Refusing the image ${file}: ${reason}.`,
  hint: 'Run `store-landing validate` to see which line of the config names it.',
});

export const BuildNotFound = define({
  name: 'BuildNotFound',
  message: (dir: string) => `There is no build in ${dir}: it holds no manifest.json.`,
  hint: 'Pass a folder written by `store-landing build`, or leave out --build to build the config.',
});
