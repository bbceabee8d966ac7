// The generated vercel.json through Vercel's published routing code (@vercel/routing-utils validates and normalizes it), then
// routed by a small evaluator of the documented `routes` semantics (the one `vercel dev` implements) over a fake build.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { getTransformedRoutes, normalizeRoutes, type Route } from '@vercel/routing-utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostFiles } from '../../generator/hosts/index.ts';
import { checkResponseHeaders, EXPECTATIONS, type Expectation } from './expectations.ts';
import { pageMarker, SITE, writeOutput } from './site.ts';

/**
 * Where the Accept-Language patterns differ from negotiateLocale (see acceptLanguagePattern): the first
 * usable range wins, whatever the q-values after it.
 */
const FIRST_USABLE_RANGE: Record<string, string> = {
  'q-values outrank order': pageMarker('/', 'fr', 'feature1'),
};

interface Served {
  file: string;
  status: number;
  headers: Record<string, string>;
}

describe('Vercel (vercel.json routes)', () => {
  let out: string;
  let routes: Route[];

  beforeAll(() => {
    const files = hostFiles(SITE);
    out = writeOutput(files);
    routes = JSON.parse(files.find((file) => file.path === '_hosting/vercel/vercel.json')!.contents).routes;
  });

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test("Vercel's routing utilities accept the config and keep the routes as written", () => {
    const transformed = getTransformedRoutes({ routes });
    expect(transformed.error).toBeNull();
    const normalized = normalizeRoutes(routes);
    expect(normalized.error).toBeNull();
    expect(normalized.routes).toEqual(routes);
    // Rewrites would come after the filesystem, where the English file at the plain URL answers first: these are routes before it.
    const filesystem = routes.findIndex((route) => 'handle' in route && route.handle === 'filesystem');
    const negotiated = routes.findIndex((route) => 'has' in route && route.has !== undefined);
    expect(negotiated).toBeGreaterThanOrEqual(0);
    expect(negotiated).toBeLessThan(filesystem);
    for (const route of routes) {
      for (const condition of ('has' in route && route.has) || [])
        expect(String((condition as { value: string }).value).length).toBeLessThanOrEqual(4096);
    }
  });

  test.each(EXPECTATIONS)('$name: $path', (expectation: Expectation) => {
    const served = route(expectation.path, expectation.acceptLanguage);
    expect(served.status, expectation.name).toBe(expectation.status);
    const body = FIRST_USABLE_RANGE[expectation.name] ?? expectation.body;
    expect(readFileSync(served.file, 'utf8').startsWith(body), `${expectation.name}: ${served.file}`).toBe(true);
    checkResponseHeaders((name) => served.headers[name.toLowerCase()], expectation);
  });

  /**
   * Vercel's `routes`: in order, a route applies when its `src` matches the path, every
   * `has` condition holds (a header condition's value is a regular expression the header
   * must match) and no `missing` condition does; its headers are added (a later route's
   * value replacing an earlier one's); `continue` goes on to the next route, anything else
   * ends routing with `dest`/`status`.
   * `handle: filesystem` serves a file at the path if there is one; the routes after it run
   * only when there is none. (vercel/vercel packages/cli/src/util/dev/router.ts.)
   */
  function route(target: string, acceptLanguage: string | undefined): Served {
    const url = new URL(target, 'https://landing.test');
    const headers: Record<string, string> = {};
    let filesystemChecked = false;
    for (const entry of routes) {
      if ('handle' in entry) {
        if (entry.handle === 'filesystem') {
          filesystemChecked = true;
          const file = staticFile(url.pathname);
          if (file) return { file, status: 200, headers };
        }
        continue;
      }
      const match = new RegExp(entry.src, 'i').exec(url.pathname);
      const conditions = (entry.has ?? []) as Array<{ type: string; key: string; value?: string }>;
      const absences = (entry.missing ?? []) as Array<{ type: string; key: string; value?: string }>;
      const present = (condition: { type: string; key: string; value?: string }) =>
        condition.type === 'header' &&
        acceptLanguage !== undefined &&
        condition.key === 'accept-language' &&
        (condition.value === undefined || new RegExp(condition.value).test(acceptLanguage));
      const holds = conditions.every(present) && !absences.some(present);
      if (!match || !holds) continue;
      for (const [name, value] of Object.entries(entry.headers ?? {})) headers[name.toLowerCase()] = value;
      if (entry.continue) continue;
      const dest = entry.dest ? entry.dest.replace(/\$(\d)/g, (_, index: string) => match[Number(index)] ?? '') : url.pathname;
      const file = staticFile(dest);
      if (!file) throw new Error(`${target} is routed to ${dest}, which is no file`);
      return { file, status: entry.status ?? 200, headers };
    }
    throw new Error(`Vercel would answer ${target} with its own 404 page (filesystem checked: ${filesystemChecked})`);
  }

  function staticFile(urlPath: string): string | undefined {
    const file = path.join(out, urlPath);
    if (existsSync(file) && statSync(file).isFile()) return file;
    const index = path.join(file, 'index.html');
    return existsSync(index) ? index : undefined;
  }
});
