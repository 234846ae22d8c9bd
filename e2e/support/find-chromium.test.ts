import { describe, expect, it } from 'vitest';
import { type ChromiumLookup, findChromium } from './find-chromium';

function lookupWith(executables: string[], env: ChromiumLookup['env'] = {}): ChromiumLookup {
  return {
    env: { PATH: '/usr/local/bin:/usr/bin', ...env },
    isExecutable: (path) => executables.includes(path),
    listDirectory: (path) =>
      path === '/home/dev/.cache/ms-playwright'
        ? ['ffmpeg-1011', 'chromium-1140', 'chromium-1200']
        : [],
    home: '/home/dev',
  };
}

describe('findChromium (issue 23 item 17)', () => {
  it("finds Debian's chromium on PATH", () => {
    expect(findChromium(lookupWith(['/usr/bin/chromium']))).toBe('/usr/bin/chromium');
  });

  it('finds Ubuntu and Google names too', () => {
    expect(findChromium(lookupWith(['/usr/bin/chromium-browser']))).toBe(
      '/usr/bin/chromium-browser',
    );
    expect(findChromium(lookupWith(['/opt/google/chrome/chrome']))).toBe(
      '/opt/google/chrome/chrome',
    );
  });

  it("falls back to Playwright's newest cached Chromium", () => {
    const newest = '/home/dev/.cache/ms-playwright/chromium-1200/chrome-linux/chrome';
    const older = '/home/dev/.cache/ms-playwright/chromium-1140/chrome-linux/chrome';
    expect(findChromium(lookupWith([older, newest]))).toBe(newest);
  });

  it('takes CHROMIUM_PATH as given, and reports a wrong one instead of guessing', () => {
    const lookup = lookupWith(['/usr/bin/chromium', '/opt/custom/chrome'], {
      CHROMIUM_PATH: '/opt/custom/chrome',
    });
    expect(findChromium(lookup)).toBe('/opt/custom/chrome');
    expect(
      findChromium(lookupWith(['/usr/bin/chromium'], { CHROMIUM_PATH: '/nowhere/chrome' })),
    ).toBeUndefined();
  });

  it('answers undefined on a machine without any browser', () => {
    expect(findChromium(lookupWith([]))).toBeUndefined();
  });
});
