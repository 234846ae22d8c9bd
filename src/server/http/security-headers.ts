import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

// DESIGN.md §5: a Content-Security-Policy without unsafe-inline scripts. Inline style
// attributes are allowed because React and Bootstrap components set them (widths, transforms).
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Browser features the app never uses are switched off for itself and for any frame (issue 7
 * §1.9), so injected script cannot reach the camera or microphone. Geolocation stays with
 * the app's own origin: spec §4 asks the browser's permission for the reverse geocode call.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A page of the web app (an HTML document): it gets the document security headers and
     * the CSRF cookie. Every other answer is a resource.
     */
    page?: boolean;
    /**
     * A worker's script (the service worker): the app's CSP governs what the worker may fetch,
     * so it gets that policy instead of the resources' `default-src 'none'`.
     */
    worker?: boolean;
  }
}

/**
 * helmet's headers for a page, computed once: they are the same for every page, and running
 * helmet per request parsed the CSP directives anew each time (docs/performance.md).
 */
export function pageSecurityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  headers['permissions-policy'] = permissionsPolicy;
  return Object.freeze(headers);
}

/**
 * The headers of everything that is not a page: JSON answers, scripts, styles, images and
 * errors. None of it may render as a document, be framed, be sniffed or be read cross-site
 * (OWASP REST Security Cheat Sheet).
 *
 * Only headers that act on such an answer, so not the page-only ones (the app's CSP, COOP,
 * Permissions-Policy), nor two that act only where the CSP's frame-ancestors or the page
 * already does: X-Frame-Options (frame-ancestors 'none' replaces it in every browser the app
 * runs in) and Referrer-Policy (these answers load nothing; pages carry their own).
 */
export const resourceSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
});

/** Sends the security headers on every answer, errors and 404s included. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const pageHeaders = pageSecurityHeaders();
    const workerHeaders = Object.freeze({
      ...resourceSecurityHeaders,
      'content-security-policy': pageHeaders['content-security-policy'] ?? '',
    });
    app.addHook('onRequest', (request, reply, done) => {
      const { page, worker } = request.routeOptions.config;
      reply.headers(page ? pageHeaders : worker ? workerHeaders : resourceSecurityHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
