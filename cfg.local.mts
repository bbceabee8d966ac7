import { loadConfig } from './generator/config/load.ts';
import { validateConfig } from './generator/config/validate.ts';
const v = await validateConfig(await loadConfig(process.argv[2]!));
console.log(JSON.stringify(v.base.config.screenshots), v.campaigns.map(c => [c.name, JSON.stringify(c.config.screenshots)]));
