// `serve` negotiating plain routes that are not English, and its 404 pages per locale: the markets fixture's
// sao-paulo campaign (pt-BR plain routes, English offered), built for real.
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { startServer, type RunningServer } from '../../../generator/serve/server.ts';
import { fixturesDir, temporaryDir } from '../../helpers.ts';

let server: RunningServer;

beforeAll(async () => {
  const outDir = path.join(await temporaryDir(), 'sao-paulo');
  await buildSite({ config: path.join(fixturesDir, 'markets/variants.yaml'), outDir, campaign: 'sao-paulo' });
  server = await startServer({ dir: outDir, port: 0 });
}, 120_000);

afterAll(() => server?.close());

interface Answer {
  status: number;
  contentLanguage: string | undefined;
  vary: string | undefined;
  /** The page's `<html lang>`. */
  lang: string | undefined;
}

/** A GET with exactly the Accept-Language given, or none at all (fetch would send `*` of its own). */
function get(target: string, acceptLanguage: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptLanguage === undefined ? {} : { 'Accept-Language': acceptLanguage };
    request(new URL(target, server.url), { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          contentLanguage: response.headers['content-language'],
          vary: response.headers.vary,
          lang: /<html lang="([^"]+)"/.exec(body)?.[1],
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('serve, plain routes in pt-BR with English offered', () => {
  it.each<[string, string | undefined, string]>([
    ['a language the campaign lacks gets English, the fallback', 'ko-KR,ko;q=0.9', 'en'],
    ['several languages it lacks get English too', 'it-IT,it;q=0.9,de;q=0.8', 'en'],
    ['no Accept-Language gets the default locale: any language is fine (RFC 9110)', undefined, 'pt-BR'],
    ['`*` after a missing language gets the default locale', 'ko, *;q=0.1', 'pt-BR'],
    ['another Portuguese gets Brazilian Portuguese', 'pt-PT,pt;q=0.9', 'pt-BR'],
    ['a Japanese browser gets Japanese', 'ja-JP,ja;q=0.9,en;q=0.5', 'ja'],
    ['an English browser gets English', 'en-US,en;q=0.9', 'en'],
  ])('%s: %j -> %s at /?utm_source=meta', async (_name, acceptLanguage, locale) => {
    const answer = await get('/?utm_source=meta', acceptLanguage);
    expect(answer).toEqual({ status: 200, contentLanguage: locale, vary: expect.stringMatching(/Accept-Language/), lang: locale });
  });

  it('keeps a locale URL whatever the header: /en/ is English, /pt-BR/ the plain page', async () => {
    expect(await get('/en/', 'pt-BR')).toMatchObject({ status: 200, lang: 'en' });
    expect(await get('/pt-BR/', 'ko')).toMatchObject({ status: 200, lang: 'pt-BR' });
  });
});

describe("serve, each locale's 404 page", () => {
  it.each<[string, string]>([
    ['/nope', 'pt-BR'],
    ['/en/nope', 'en'],
    ['/ja/x/y.js', 'ja'],
    ['/ar/assets/missing.js', 'ar'],
    // The default locale's folder holds its plain pages' aliases, not a 404 page: the campaign's answers.
    ['/pt-BR/nope', 'pt-BR'],
  ])('%s gets status 404 and the 404 page in %s, as every host adapter answers it', async (target, locale) => {
    expect(await get(target, 'ko')).toMatchObject({ status: 404, lang: locale });
  });
});
