import type { ComponentType } from 'react';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DataExportSettings } from './data-export-settings';
import { DeleteAccountSection } from './delete-account-section';
import { LanguageSetting } from './language-setting';
import { NotificationsLink } from './notifications-link';
import { PrivacySettings } from './privacy-settings';

/**
 * The settings screen, section by section, in the order shown (issue 31 item 6): account,
 * privacy, notifications, and deleting the account last. A new row ("Download my data", the
 * spending cap) joins this list where it belongs; each section is its own card.
 */
export interface SettingsSection {
  id: string;
  Section: ComponentType;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'email', Section: ChangeEmailForm },
  { id: 'password', Section: ChangePasswordForm },
  { id: 'language', Section: LanguageSetting },
  { id: 'privacy', Section: PrivacySettings },
  { id: 'notifications', Section: NotificationsLink },
  { id: 'data-export', Section: DataExportSettings },
  { id: 'delete-account', Section: DeleteAccountSection },
];
