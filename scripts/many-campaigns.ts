// Writes a config of N distinct campaigns (each with its own listing facts, so every page is rendered), for measuring a large build's memory.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeConfig } from './bench-workloads.ts';

const [dir, count] = process.argv.slice(2);
if (!dir || !count || !/^\d+$/.test(count)) {
  console.error('Usage: node --import tsx scripts/many-campaigns.ts DIR COUNT  (writes DIR/campaigns-COUNT.yaml)');
  process.exit(1);
}
mkdirSync(dir, { recursive: true });
console.log(writeConfig(path.resolve(dir), `campaigns-${count}.yaml`, Number(count), true));
