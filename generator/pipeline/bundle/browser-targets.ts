// The browsers the pages are compiled for, as esbuild targets: the pages' bundle and dev's client script both use them.
import { fileURLToPath } from 'node:url';

/** Safari of iOS 15 and later (the app's minimum) and current Chromium. */
export const BROWSER_TARGETS = ['safari15', 'chrome100'];

/** This file: the targets are part of what a bundle is made from (bundle.ts lists it among its sources). */
export const BROWSER_TARGETS_FILE: string = fileURLToPath(import.meta.url);
