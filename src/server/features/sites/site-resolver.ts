import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import type { Site } from './site-record';
import { findSiteByHost } from './site-queries';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site of the request host; set for every request (DESIGN.md §2). */
    site: Site;
  }
}

/** Normalises a Host header value to a bare lower-case host name, or undefined when malformed. */
export function hostNameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const name = host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  return /^[a-z0-9.:-]{1,253}$/.test(name) ? name : undefined;
}

/**
 * Resolves the site of each request from its host name; an unknown host is answered with
 * site_not_found. Nothing is kept between requests: one indexed lookup per request costs less
 * than a cache that an operator's settings edit would have to reach on every instance (issue 24:
 * no cache that is right only by a timer).
 */
export const siteResolver = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    app.decorateRequest('site', null as unknown as Site);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const hostName = hostNameOf(request.headers.host);
      const site = hostName ? await findSiteByHost(options.db, hostName) : undefined;
      if (!site) throw new AppError('site_not_found', 'not_found');
      request.site = site;
    });
    app.decorate('findSite', (hostName: string) => findSiteByHost(options.db, hostName));
  },
  { name: 'site-resolver' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The site of a host name, as request.site is found. */
    findSite: (hostName: string) => Promise<Site | undefined>;
  }
}
