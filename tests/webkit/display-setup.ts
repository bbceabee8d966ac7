// Starts the virtual display every WebKit test opens its MiniBrowser on, once per project, after checking that
// WebKitWebDriver and Xvfb are installed; the tests read it through inject('webkitDisplay').
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The X display (`:N`) MiniBrowser opens its windows on. */
    webkitDisplay: string;
  }
}

/** Debian's WebKitGTK driver (package webkit2gtk-driver, which brings MiniBrowser) and X server without a screen (package xvfb). */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';

export default async function setup(project: TestProject) {
  const missing = [WEBKIT_DRIVER, XVFB].filter((file) => !existsSync(file));
  // Fails the run at once: a WebKit check that skipped itself would hide the engine every visitor uses.
  if (missing.length) {
    throw new Error(`The WebKit tests need ${missing.join(' and ')}, which \`apt-get install webkit2gtk-driver xvfb\` (as root) installs.`);
  }
  const xvfb = await startXvfb();
  project.provide('webkitDisplay', xvfb.display);
  return () => void xvfb.process.kill();
}

/**
 * Starts Xvfb on the first free display, which it names on a pipe of ours (-displayfd): no fixed display
 * number to collide with another run.
 */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let written = '';
    let errors = '';
    xvfb.stderr!.on('data', (chunk: Buffer) => (errors += chunk));
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      written += chunk;
      if (written.includes('\n')) resolve({ display: `:${written.trim()}`, process: xvfb });
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb ended (exit code ${code}) before it named its display: ${errors.trim()}`)));
  });
}
