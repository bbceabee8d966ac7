import lighthouse from 'lighthouse';
import { launchChromium } from '/work/main/generator/shared/chromium.ts';
import { buildAndServe } from '/work/main/scripts/serve-child.ts';
const served = await buildAndServe(process.argv[2]);
const browser = await launchChromium();
const page = await browser.newPage();
const session = await page.createCDPSession();
session.on('Fetch.requestPaused', ({ requestId }) => { session.send('Fetch.fulfillRequest', { requestId, responseCode: 200, responseHeaders: [{ name: 'Content-Type', value: 'text/javascript' }], body: '' }).catch(() => {}); });
await session.send('Fetch.enable', { patterns: [{ urlPattern: 'https://*' }] });
const result = (await lighthouse(served.baseUrl + '/', { output: 'json', logLevel: 'error', onlyCategories: ['seo'] }, undefined, page))!;
for (const ref of result.lhr.categories.seo!.auditRefs) { const a = result.lhr.audits[ref.id]!; if (a.score !== null && a.score < 1) console.log(ref.id, a.score, JSON.stringify(a.details?.items?.slice(0,3))?.slice(0,400)); }
await browser.close(); await served.close?.(); process.exit(0);
