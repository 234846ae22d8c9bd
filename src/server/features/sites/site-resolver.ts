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

const CACHE_MILLISECONDS = 30_000;

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
 * Resolves the site of each request from its host name. Sites change rarely, so lookups are
 * cached briefly per instance; an unknown host is answered with site_not_found.
 */
export const siteResolver = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    const cache = new Map<string, { site: Site | undefined; until: number }>();

    async function lookup(hostName: string): Promise<Site | undefined> {
      const cached = cache.get(hostName);
      if (cached && cached.until > Date.now()) return cached.site;
      const site = await findSiteByHost(options.db, hostName);
      if (cache.size > 10_000) cache.clear();
      cache.set(hostName, { site, until: Date.now() + CACHE_MILLISECONDS });
      return site;
    }

    app.decorateRequest('site', null as unknown as Site);
    const resolve = (request: FastifyRequest, site: Site | undefined) => {
      if (!site) throw new AppError('site_not_found', 'not_found');
      request.site = site;
    };
    // The same cache by Host header as browsers send it, so a returning spelling skips the
    // normalising (lower case, port and brackets off, checked): a few per cent of a request.
    const byHeader = new Map<string, { site: Site | undefined; until: number }>();
    const remember = (header: string, site: Site | undefined, until: number) => {
      if (byHeader.size > 10_000) byHeader.clear();
      byHeader.set(header, { site, until });
    };

    // A callback hook: a cached site (nearly every request) answers without a promise's turn.
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      const header = request.headers.host ?? '';
      const now = Date.now();
      const known = byHeader.get(header);
      const hostName = known && known.until > now ? undefined : hostNameOf(header);
      const cached = hostName ? cache.get(hostName) : known;
      if (!hostName || (cached && cached.until > now)) {
        if (hostName && cached) remember(header, cached.site, cached.until);
        try {
          resolve(request, cached?.site);
        } catch (error) {
          return done(error as Error);
        }
        return done();
      }
      lookup(hostName).then(
        (site) => {
          remember(header, site, cache.get(hostName)?.until ?? 0);
          try {
            resolve(request, site);
          } catch (error) {
            return done(error as Error);
          }
          done();
        },
        (error: Error) => done(error),
      );
    });
    app.decorate('forgetCachedSites', () => {
      cache.clear();
      byHeader.clear();
    });
    app.decorate('findCachedSite', lookup);
  },
  { name: 'site-resolver' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops every cached site, and with it every answer kept for it (a settings change). */
    forgetCachedSites: () => void;
    /** The site of a host name, from the same short-lived cache as request.site. */
    findCachedSite: (hostName: string) => Promise<Site | undefined>;
  }
}
