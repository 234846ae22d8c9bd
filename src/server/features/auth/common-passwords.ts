import { dictionary } from '@zxcvbn-ts/language-common';

// OWASP ASVS 5 (V6.2.4): refuse the most common passwords. The list (about 49,000 entries)
// is maintained by the zxcvbn-ts project and ships in its npm package.
const COMMON_PASSWORDS = new Set(
  (dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
