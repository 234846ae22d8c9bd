/**
 * The files the app page loads before it can render: its scripts, module preloads, styles,
 * icon and manifest, as same-origin paths. The worker reads them from the page it is serving,
 * so the cached shell always matches the deployed build without a list written at build time.
 */
export function shellFilesOf(html: string): string[] {
  const pattern = /<(?:script|link)\b[^>]*?\b(?:src|href)="(\/(?!\/)[^"]*)"/g;
  const files = new Set<string>();
  for (const match of html.matchAll(pattern)) {
    if (match[1]) files.add(match[1]);
  }
  return [...files];
}
