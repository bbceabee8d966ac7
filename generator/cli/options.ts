// Parsers of the command line's option values: each refuses what does not fit with the expected form.
import { InvalidArgumentError, type Command } from 'commander';
import { InvalidShard } from '../shared/errors.ts';
import type { Shard } from '../shared/shard.ts';

export function parsePixelCount(value: string) {
  const pixels = Number(value);
  if (!/^\d+$/.test(value) || pixels > 10_000_000)
    throw new InvalidArgumentError(`expected a number of pixels from 0 to 10000000, found "${value}".`);
  return pixels;
}

export function parseFraction(value: string) {
  const fraction = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || fraction > 1) throw new InvalidArgumentError(`expected a number from 0 to 1, found "${value}".`);
  return fraction;
}

export function parseScale(value: string) {
  const scale = Number(value);
  if (!/^[1-4]$/.test(value)) throw new InvalidArgumentError(`expected a device pixel ratio of 1, 2, 3 or 4, found "${value}".`);
  return scale;
}

export function parseShard(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  // Past 2^53 the numbers are rounded: `1/99999999999999999999` would be a shard of nothing.
  if (!match || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count)
    throw new InvalidArgumentError(InvalidShard.message(value));
  return { index, count };
}

export function parseJobs(value: string) {
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1 || jobs > 1024)
    throw new InvalidArgumentError(`expected a number of threads from 1 to 1024, found "${value}".`);
  return jobs;
}

export function parsePort(value: string) {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError(`expected a port from 0 to 65535, found "${value}".`);
  return port;
}

/** A host name for `--allowed-host`: a name, or `.example.com` for the domain and every name under it. */
export function parseAllowedHost(value: string, previous: string[] = []) {
  if (!/^\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.?$/.test(value))
    throw new InvalidArgumentError(`expected a host name such as phone-preview.local or .example.com, found "${value}".`);
  return [...previous, value];
}

/** The options of the commands that listen (`serve`, `dev`): the port, the address and the host names they answer, written once. */
export function addListenOptions(command: Command): Command {
  return command
    .option('-p, --port <port>', 'the port (0 picks a free one); a busy port is an error', parsePort, 4173)
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .option(
      '--allowed-host <name>',
      'also answer requests for this host name (repeatable; .example.com allows its subdomains). IP addresses, localhost and the --host name always work; other names get 403, so no other site can read the server through a rebound DNS name',
      parseAllowedHost,
    );
}
