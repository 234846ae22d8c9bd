import { SettingsPage } from '@web/features/account/settings-page';
import { SETTINGS_SECTIONS } from '@web/features/account/settings-sections';
import { SpendingCapSettings } from '@web/features/payments/spending-cap-settings';

// The settings screen composes the account's sections with the payments feature's spending
// cap (issue 31 items 6 and 9), placed before the data export and the deletion.
const SECTIONS = SETTINGS_SECTIONS.flatMap((section) =>
  section.id === 'data-export'
    ? [{ id: 'spending-cap', Section: SpendingCapSettings }, section]
    : [section],
);

export function SettingsRoute() {
  return <SettingsPage sections={SECTIONS} />;
}
