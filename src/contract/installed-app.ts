/**
 * Addresses of the installed app (issue 25 §5). The manifest and the icons are built per site
 * by the server; the service worker is one file of the build, registered with the spec's
 * version (§7 "The push service worker is registered with version 2").
 */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const APP_ICON_PATH = '/app-icons/:purpose/:size.png';
export const SERVICE_WORKER_PATH = '/service-worker.js';
export const SERVICE_WORKER_VERSION = 2;

export const appIconPath = (purpose: 'any' | 'maskable', size: number) =>
  `/app-icons/${purpose}/${size}.png`;
