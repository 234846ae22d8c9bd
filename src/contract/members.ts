import { z } from 'zod';
import { mainImageSchema } from './photos';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Age in whole years on `today` (spec §3: age is derived from the date of birth), NaN for
 * anything but a real YYYY-MM-DD date. Plain arithmetic: every profile card computes it.
 */
export function ageFromDateOfBirth(dateOfBirth: string, today: Date = new Date()): number {
  const match = CALENDAR_DATE.exec(dateOfBirth);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return Number.NaN;
  if (date.getUTCDate() !== day) return Number.NaN;
  const thisMonth = today.getMonth() + 1;
  const beforeBirthday = thisMonth < month || (thisMonth === month && today.getDate() < day);
  return today.getFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** A member as shown on a card: nothing private (no e-mail, birth date or exact location). */
export const profileCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  country: z.string(),
  region: z.string().nullable(),
  /** The region's name as people write it (issue 29 item 14: a card shows region and country). */
  region_name: z.string().nullable(),
  main_image: mainImageSchema.nullable(),
  fictional: z.boolean(),
  /**
   * How recently the member was active, in a coarse step (issue 32 item 5): 'recent' within
   * a day, 'week' within a week, else null. Only recorded activity (recordActivity); never
   * the exact time (nobody can watch when someone is on), and null for a fictional profile,
   * whose activity would be an operator's, not a person's.
   */
  activity: z.enum(['recent', 'week']).nullable(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

export const featuredAnswerSchema = z.object({ profiles: z.array(profileCardSchema) });

/** The tracking values a visitor arrived with (spec §3), where logged-out search depends on them. */
export const trafficSourceQuerySchema = z
  .object({ network: z.string().max(64).optional(), ref: z.string().max(64).optional() })
  .loose();
