import { describe, expect, it } from 'vitest';
import {
  BUILD_MANIFEST_PLACEHOLDER,
  buildManifestOf,
  withBuildManifest,
} from '../../../scripts/service-worker-build';

// Issue 29 item 1: the worker precaches exactly the files of its build, listed at build time.
describe('the build manifest written into the worker', () => {
  const bundle = [
    'assets/index-abc.js',
    'assets/index-123.css',
    'assets/mastercard-x.svg',
    'index.html',
    '.vite/manifest.json',
    'service-worker.js',
  ];
  const publicFiles = [{ path: '/favicon.svg', content: Buffer.from('<svg/>') }];

  it("lists the build's scripts, styles and pictures and the public files, not the page or the worker", () => {
    expect(buildManifestOf(bundle, publicFiles).files).toEqual([
      '/assets/index-123.css',
      '/assets/index-abc.js',
      '/assets/mastercard-x.svg',
      '/favicon.svg',
    ]);
  });

  it('changes its revision when a file changes, so a new build is a new worker', () => {
    const revision = buildManifestOf(bundle, publicFiles).revision;
    expect(buildManifestOf(bundle, publicFiles).revision).toBe(revision);
    const otherScript = bundle.map((file) => file.replace('index-abc', 'index-abd'));
    expect(buildManifestOf(otherScript, publicFiles).revision).not.toBe(revision);
    const otherIcon = [{ path: '/favicon.svg', content: Buffer.from('<svg />') }];
    expect(buildManifestOf(bundle, otherIcon).revision).not.toBe(revision);
  });

  it('writes the manifest in place of its one placeholder, and refuses a worker without it', () => {
    const manifest = { revision: 'r1', files: ['/assets/a.js'] };
    const code = `var m=${BUILD_MANIFEST_PLACEHOLDER}??{};`;
    expect(withBuildManifest(code, manifest)).toBe(`var m=${JSON.stringify(manifest)}??{};`);
    expect(() => withBuildManifest('var m={};', manifest)).toThrow();
  });
});
