// spec §9: the terms version date is at least 2023-12-01 12:00 UTC, or the company's added
// date when that is later.
const MINIMUM_TERMS_DATE = new Date(Date.UTC(2023, 11, 1, 12, 0, 0));

/**
 * The company's `added` is an ISO date-time in UTC (contract/settings.ts), which Date.parse
 * reads exactly: date-fns stays off the first load, where the footer needs this (issue 25
 * item 6).
 */
export function termsVersionDate(companyAdded: string | undefined): Date {
  const added = companyAdded ? Date.parse(companyAdded) : Number.NaN;
  return Number.isNaN(added) || added <= MINIMUM_TERMS_DATE.getTime()
    ? MINIMUM_TERMS_DATE
    : new Date(added);
}
