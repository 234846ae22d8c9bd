import { max, parseISO } from 'date-fns';

// spec §9: the terms version date is at least 2023-12-01 12:00 UTC, or the company's added
// date when that is later.
const MINIMUM_TERMS_DATE = new Date(Date.UTC(2023, 11, 1, 12, 0, 0));

export function termsVersionDate(companyAdded: string | undefined): Date {
  if (!companyAdded) return MINIMUM_TERMS_DATE;
  const added = parseISO(companyAdded);
  return Number.isNaN(added.getTime()) ? MINIMUM_TERMS_DATE : max([MINIMUM_TERMS_DATE, added]);
}
