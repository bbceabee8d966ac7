import { launchChromium } from './generator/shared/chromium.ts';
import { findMissingGlyphs } from './generator/screenshots/glyphs.ts';
const browser = await launchChromium();
const page = await browser.newPage();
await page.setContent(`<html lang="sat"><body style="font: 15px -apple-system, Helvetica, Arial, sans-serif"><p id=a>ᱥᱟᱱᱛᱟᱲᱤ text</p><p id=b style="font-weight:700">日本語 □ ■ ▯ 😀 ✓ ★ ☆ · — “” ‎</p><p id=c>Hello مرحبا שלום</p><p id=d hidden>&#x378;</p></body></html>`);
console.log(JSON.stringify(await page.evaluate(findMissingGlyphs)));
await browser.close();
