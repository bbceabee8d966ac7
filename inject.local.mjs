import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
const [site, ...pairs] = process.argv.slice(2);
for (const pair of pairs) {
  const [campaign, css] = pair.split('=');
  writeFileSync(path.join(site, campaign, 'change.css'), css + '\n');
  const walk = (dir) => { for (const f of readdirSync(dir)) { const p = path.join(dir, f); if (statSync(p).isDirectory()) walk(p); else if (f === 'index.html') writeFileSync(p, readFileSync(p, 'utf8').replace('</head>', `<link rel="stylesheet" href="/${campaign}/change.css"></head>`)); } };
  walk(path.join(site, campaign));
}
