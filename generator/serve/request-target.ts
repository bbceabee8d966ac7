// Who a request is for: its target in origin form, and whether its Host is one this server was started for
// (DNS rebinding), as Vite's server.allowedHosts decides.
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** The names `serve` and `dev` answer besides IP addresses and localhost: the `--host` they listen on and each `--allowed-host`. */
export interface HostRules {
  /** The address or name given to `--host`. */
  listenHost?: string;
  /** `--allowed-host` values: a name, or `.example.com` for that domain and every name under it. */
  allowedHosts?: readonly string[];
}

/**
 * The request's target as a path and query, and the host it names. An absolute-form target
 * (`GET http://host/path`, RFC 9112 section 3.2.2, as proxies send) is read as its path, and its
 * authority replaces the Host header, which the server must then ignore.
 */
export function readTarget(req: IncomingMessage): { url: string; host: string | undefined } {
  const url = req.url ?? '/';
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return { url, host: req.headers.host };
  try {
    const absolute = new URL(url);
    return { url: absolute.pathname + absolute.search, host: absolute.host };
  } catch {
    return { url, host: req.headers.host };
  }
}

/**
 * Whether a request naming `host` (a Host header: a name or address, maybe a port) may be
 * answered. A page on another site whose name was rebound to this machine's address sends its own
 * name, which is refused; names a person types for this machine pass: an IP address, `localhost`
 * and `*.localhost` (which browsers resolve to the loopback themselves), the `--host` name and the
 * `--allowed-host` names. A request without a Host (HTTP/1.0; browsers always send one) passes.
 */
export function isAllowedHost(host: string | undefined, rules: HostRules): boolean {
  if (host === undefined || host === '') return true;
  const name = hostnameOf(host);
  if (name === undefined) return false;
  if (isIP(name) || name === 'localhost' || name.endsWith('.localhost')) return true;
  if (rules.listenHost !== undefined && name === rules.listenHost.toLowerCase().replace(/^\[|\]$/g, '')) return true;
  return (rules.allowedHosts ?? []).some((allowed) => {
    const entry = allowed.toLowerCase();
    return entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry;
  });
}

/** The host name of a Host value, lower case, without its port or an IPv6 address's brackets; undefined when malformed. */
function hostnameOf(host: string): string | undefined {
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d*)?$/i.exec(host);
  if (bracketed) return bracketed[1]!.toLowerCase();
  const plain = /^([^:\s/@]+)(?::\d*)?$/.exec(host);
  return plain ? plain[1]!.toLowerCase().replace(/\.$/, '') : undefined;
}
