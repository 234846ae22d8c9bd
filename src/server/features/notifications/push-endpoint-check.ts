import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Config } from '@server/config';

// SSRF (issue 31 "Bad input"): a push endpoint is a URL a member hands us and we then POST
// to, so only https endpoints on public hosts are accepted, checked when the subscription
// arrives and again before each send (a name may resolve elsewhere later).

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is the IPv4 address inside it.
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (family === 6 && mapped) {
    if (isIP(mapped) === 4) return isPublicAddress(mapped);
    return false;
  }
  return !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Tests only (PUSH_ALLOW_LOOPBACK, never in production): the local push service. */
function isAllowedLoopback(url: URL, config: Config): boolean {
  return (
    config.PUSH_ALLOW_LOOPBACK &&
    config.NODE_ENV !== 'production' &&
    (url.hostname === '127.0.0.1' || url.hostname === 'localhost')
  );
}

/** Whether we may send to `endpoint`: https, default port or 443, every address public. */
export async function isAcceptablePushEndpoint(endpoint: string, config: Config): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (isAllowedLoopback(url, config)) return url.protocol === 'http:' || url.protocol === 'https:';
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host);
  if (!host.includes('.') || host.endsWith('.localhost') || host.endsWith('.internal'))
    return false;
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address));
  } catch {
    return false;
  }
}
