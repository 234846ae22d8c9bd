import { describe, expect, it } from 'vitest';
import { shellFilesOf } from './shell-files';

describe('the files of the app shell (issue 25 §5)', () => {
  it('lists the scripts, preloads, styles and manifest the page names, once each', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="manifest" href="/manifest.webmanifest" />
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/routes-def.js">
      <link rel="modulepreload" crossorigin href="/assets/routes-def.js">
      <link rel="stylesheet" crossorigin href="/assets/index-123.css">
      </head><body><div id="root"></div></body></html>`;
    expect(shellFilesOf(html)).toEqual([
      '/favicon.svg',
      '/manifest.webmanifest',
      '/assets/index-abc.js',
      '/assets/routes-def.js',
      '/assets/index-123.css',
    ]);
  });

  it('never lists another origin', () => {
    const html = `<script src="//cdn.example.com/x.js"></script><script src="https://cdn.example.com/y.js"></script>`;
    expect(shellFilesOf(html)).toEqual([]);
  });
});
