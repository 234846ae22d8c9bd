/**
 * Addresses of the installed app (issue 25 §5). The manifest and the icons are built per site
 * by the server; the service worker is one file of the build, registered with the spec's
 * version (§7 "The push service worker is registered with version 2").
 */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const APP_ICON_PATH = '/app-icons/:purpose/:size.png';
export const SERVICE_WORKER_PATH = '/service-worker.js';
export const SERVICE_WORKER_VERSION = 2;

/**
 * The app page the service worker keeps as its offline shell (issue 29 items 1 and 12): the
 * page of the site's public settings, the same for every visitor of a site and language, served
 * cacheable (`no-cache`) where every page a navigation answers is `no-store`. The worker never
 * keeps a page a navigation answered: that one could be anything the member opened in a tab.
 */
export const APP_SHELL_PATH = '/app-shell.html';

export const appIconPath = (purpose: 'any' | 'maskable', size: number) =>
  `/app-icons/${purpose}/${size}.png`;
