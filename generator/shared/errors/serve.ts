// The errors of `serve` and `dev`: a build to serve, and an address to listen on.
import { define } from './user-error.ts';

export const ServeDirMissing = define({
  name: 'ServeDirMissing',
  message: (dir: string) => `There is no build to serve in ${dir}.`,
  hint: 'Run `store-landing build` first, or pass the build folder: `store-landing serve out`.',
});

export const PortInUse = define({
  name: 'PortInUse',
  message: (host: string, port: number) => `Cannot listen on ${host}:${port}: another program is using the port.`,
  hint: 'Stop that program, pick another port with -p PORT, or pass -p 0 for any free port.',
});

export const PortNotPermitted = define({
  name: 'PortNotPermitted',
  message: (host: string, port: number) => `Cannot listen on ${host}:${port}: permission denied.`,
  hint: 'Ports below 1024 need special rights; pick a port from 1024 up with -p PORT.',
});

export const HostUnavailable = define({
  name: 'HostUnavailable',
  message: (host: string) => `Cannot listen on ${host}: this machine has no such address.`,
  hint: 'Pass an address of this machine with --host, e.g. 127.0.0.1 or 0.0.0.0.',
});

export const BuildUnavailable = define({
  name: 'BuildUnavailable',
  message: (dir: string) =>
    `There is no build to serve in ${dir} right now: the folder or its manifest.json is missing, or a rebuild is replacing it.`,
  hint: 'Run `store-landing build`; this server serves the new build as soon as it is there, without a restart.',
});
