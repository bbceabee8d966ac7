// What `serve` and `dev` say when they cannot listen: a busy port, a refused port or a missing address are the user's to fix (exit 1).
import { HostUnavailable, PortInUse, PortNotPermitted } from '../shared/errors.ts';

/**
 * The user error for a failed `listen`, or the error itself when it is not one of those.
 * A busy port is refused rather than swapped for the next free one: scripts, bookmarks and
 * the test fakes expect the port they asked for (`-p 0` asks for any).
 */
export function listenError(error: unknown, host: string, port: number): unknown {
  switch ((error as NodeJS.ErrnoException)?.code) {
    case 'EADDRINUSE':
      return PortInUse.create(host, port);
    case 'EACCES':
      return PortNotPermitted.create(host, port);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return HostUnavailable.create(host);
    default:
      return error;
  }
}
