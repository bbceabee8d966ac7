// The WebKit tests' refusing proxy: it records and refuses a CONNECT, and a browser that resets the
// connection before reading the refusal does not end the test run.
import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startRefusingProxy, type LoopbackProxy } from '../../webkit/refusing-proxy.ts';

let proxy: LoopbackProxy | undefined;
afterEach(() => proxy?.close());

/**
 * Sends `CONNECT host` to the proxy and returns what it answered, or nothing when `reset`: then the
 * connection is reset as soon as the request is written.
 */
function tunnel(port: number, host: string, reset: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, () => {
        if (reset) {
          socket.resetAndDestroy();
          resolve('');
        }
      });
    });
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

it('refuses a CONNECT with 403 and records its host, and outlives connections reset before the answer', async () => {
  proxy = await startRefusingProxy();
  const port = Number(new URL(proxy.url).port);
  for (let i = 0; i < 20; i++) await tunnel(port, 'connect.facebook.net:443', true);
  // An error from one of those sockets, had nothing listened for it, would surface here as an uncaught exception that fails the run.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await tunnel(port, 'websdk.appsflyer.com:443', false)).toMatch(/^HTTP\/1\.1 403 /);
  expect(proxy.requests.at(-1)?.host).toBe('websdk.appsflyer.com:443');
});
