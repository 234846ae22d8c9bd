// spec §3: tracking values network, ref, sub1, sub2, sub3 are taken from the landing URL
// and stored with the member at signup. The first landing of a visit wins.
const KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'invite'] as const;
const STORAGE_KEY = 'landing-tracking';

export type TrackingValues = Partial<Record<(typeof KEYS)[number], string>>;

export function captureTrackingValues(search: string): void {
  const params = new URLSearchParams(search);
  const found = Object.fromEntries(
    KEYS.flatMap((key) => {
      const value = params.get(key)?.trim().slice(0, 100);
      return value ? [[key, value]] : [];
    }),
  );
  if (Object.keys(found).length > 0 && !sessionStorage.getItem(STORAGE_KEY)) {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(found));
  }
}

export function trackingValues(): TrackingValues {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as TrackingValues;
  } catch {
    return {};
  }
}

// Issue 30 item 9: the page the visit began on, kept for the tab's session like the values
// above (the first page wins); the visit and the signup name their lander by it.
const LANDING_PAGE_KEY = 'landing-page';

export function captureLandingPage(path: string): void {
  try {
    if (!sessionStorage.getItem(LANDING_PAGE_KEY)) sessionStorage.setItem(LANDING_PAGE_KEY, path);
  } catch {
    // Storage refused (a private window): the signup then names no lander.
  }
}

export function landingPage(): string | undefined {
  try {
    return sessionStorage.getItem(LANDING_PAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
