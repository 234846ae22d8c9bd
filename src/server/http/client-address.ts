import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '@server/config';

/** Whether the proxy at `address`, `hop` steps from the server, may tell the client's address. */
export type TrustRule = (address: string, hop: number) => boolean;

const trustNobody: TrustRule = () => false;

/**
 * The app's one trust-proxy rule (issue 7 §1.2), given to Fastify for `request.ip` and used by
 * the socket edge for the raw upgrade request, so a limit per address counts the same client
 * on both. A hop count trusts that many proxies nearest to the server (Fastify's own number
 * trusts none, as it cannot check the peer); a list trusts those addresses and ranges.
 */
export function trustRuleOf(setting: Config['TRUST_PROXY']): TrustRule {
  if (setting === false) return trustNobody;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * The client's address of a raw request, as `request.ip` would say: the nearest address not
 * vouched for by a trusted proxy. An X-Forwarded-For from an untrusted peer is ignored.
 */
export function clientAddressOf(request: IncomingMessage, trust: TrustRule): string {
  return proxyAddr(request, trust);
}
