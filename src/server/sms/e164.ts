/**
 * Country calling codes of the countries the sites serve (and their neighbours), for
 * writing a number the member typed the way their country writes it (0612345678) in the
 * E.164 form an SMS provider needs (+31612345678).
 */
const CALLING_CODES: Record<string, string> = {
  AT: '43',
  BE: '32',
  CH: '41',
  DE: '49',
  DK: '45',
  ES: '34',
  FI: '358',
  FR: '33',
  GB: '44',
  IE: '353',
  IT: '39',
  LU: '352',
  NL: '31',
  NO: '47',
  PL: '48',
  PT: '351',
  SE: '46',
};

/** Trunk prefixes other than a single 0 (Italy keeps its 0 after the country code). */
const KEEPS_LEADING_ZERO = new Set(['IT']);

/**
 * The number in E.164, or null when it cannot be told: `+…` and `00…` are international
 * already; a national number (leading 0) takes the member's country's calling code.
 */
export function toE164(phone: string, country: string | null): string | null {
  const digits = phone.replace(/[\s()./-]/g, '');
  let international: string | null = null;
  if (/^\+\d+$/.test(digits)) international = digits.slice(1);
  else if (/^00\d+$/.test(digits)) international = digits.slice(2);
  else if (/^0\d+$/.test(digits) && country && CALLING_CODES[country]) {
    const national = KEEPS_LEADING_ZERO.has(country) ? digits : digits.slice(1);
    international = `${CALLING_CODES[country]}${national}`;
  }
  // E.164: at most 15 digits, no leading 0 in the country code.
  if (!international || !/^[1-9]\d{7,14}$/.test(international)) return null;
  return `+${international}`;
}
