import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { isAcceptablePushEndpoint, isPublicAddress } from './push-endpoint-check';

// SSRF (issue 31 "Bad input"): only https endpoints on public hosts.
const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', SQLITE_PATH: ':memory:', ...env });

describe('the push endpoint check', () => {
  it('accepts https on a public address and the default port', async () => {
    expect(await isAcceptablePushEndpoint('https://93.184.215.14/push/abc', config())).toBe(true);
    expect(await isAcceptablePushEndpoint('https://[2606:4700::1111]/x', config())).toBe(true);
  });

  it('refuses plain http, other ports, credentials and every private or special address', async () => {
    for (const endpoint of [
      'http://93.184.215.14/push',
      'https://93.184.215.14:8443/push',
      'https://user:pass@93.184.215.14/push',
      'https://127.0.0.1/x',
      'https://10.0.0.8/x',
      'https://172.20.1.1/x',
      'https://192.168.0.1/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://intranet/x',
      'not a url',
    ])
      expect(await isAcceptablePushEndpoint(endpoint, config()), endpoint).toBe(false);
  });

  it('allows the local test push service only with the test allowance, never in production', async () => {
    const local = 'http://127.0.0.1:4567/push/abc';
    expect(await isAcceptablePushEndpoint(local, config())).toBe(false);
    expect(await isAcceptablePushEndpoint(local, config({ PUSH_ALLOW_LOOPBACK: 'true' }))).toBe(
      true,
    );
    expect(
      await isAcceptablePushEndpoint(
        local,
        config({ PUSH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'production' }),
      ),
    ).toBe(false);
  });

  it('tells public addresses from private ones', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('192.168.1.1')).toBe(false);
    expect(isPublicAddress('nonsense')).toBe(false);
  });
});
