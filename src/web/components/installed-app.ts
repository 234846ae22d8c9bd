/** Whether the page runs as the installed app (display mode standalone), not in a browser tab. */
export const isInstalledApp = (): boolean =>
  typeof window !== 'undefined' &&
  Boolean(window.matchMedia?.('(display-mode: standalone)').matches);
