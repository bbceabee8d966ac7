// The config's screenshots settings: how strict `store-landing screenshots` is with the pages, in all and per page.
import { Type } from '@sinclair/typebox';
import { defaulted, EXPECTED, LIMITS, recordOf } from './values.ts';

const diffPixels = (options: { description: string }) => Type.Integer({ minimum: 0, maximum: 10_000_000, ...options });
const pixelThreshold = (options: { description: string }) => Type.Number({ minimum: 0, maximum: 1, ...options });

/** How strict `store-landing screenshots` is. */
export const screenshots = Type.Object(
  {
    maxDiffPixels: defaulted(
      diffPixels({
        description:
          'A screenshot fails when more pixels than this differ from its baseline (anti-aliasing aside); 0: any visible change fails. `--max-diff-pixels` overrides it.',
      }),
      0,
    ),
    pixelThreshold: defaulted(
      pixelThreshold({
        description:
          "Colour distance (pixelmatch, 0 to 1) under which two pixels count as equal; 0.03 tells Apple's web blue #0071e3 from iOS blue #007aff. `--pixel-threshold` overrides it.",
      }),
      0.03,
    ),
    pages: defaulted(
      recordOf(
        Type.String({
          pattern: '^[A-Za-z0-9*?._@{},\\[\\]/-]+$',
          maxLength: LIMITS.name,
          [EXPECTED]: 'a glob of screenshot names, e.g. de-feature3-* or *-350.png',
        }),
        Type.Object(
          {
            maxDiffPixels: Type.Optional(diffPixels({ description: "This page's own budget of differing pixels." })),
            pixelThreshold: Type.Optional(pixelThreshold({ description: "This page's own colour distance." })),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        {
          maxProperties: 100,
          description:
            'Slack for the pages that need it: screenshot-name glob (de-feature3-*, *-350.png) -> maxDiffPixels and/or pixelThreshold; the last matching glob wins, over the command line.',
        },
      ),
      {},
    ),
  },
  { additionalProperties: false, description: 'How strict `store-landing screenshots` is with these pages.' },
);
