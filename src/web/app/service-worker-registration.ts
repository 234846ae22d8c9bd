import { SERVICE_WORKER_PATH, SERVICE_WORKER_VERSION } from '@contract/installed-app';

/**
 * Registers the app's service worker (src/web/sw/) with the spec's version (§7), once the page
 * has loaded so it never competes with the first render. Development has no built worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(`${SERVICE_WORKER_PATH}?v=${SERVICE_WORKER_VERSION}`, { scope: '/' })
      // Without a worker the app still works online; there is nothing to tell the member.
      .catch((error: unknown) => console.warn('service worker not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
