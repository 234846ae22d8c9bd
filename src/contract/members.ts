import { differenceInYears, parseISO } from 'date-fns';
import { z } from 'zod';
import { mainImageSchema } from './photos';

/** Age in whole years on `today` (spec §3: age is derived from the date of birth). */
export function ageFromDateOfBirth(dateOfBirth: string, today: Date = new Date()): number {
  return differenceInYears(today, parseISO(dateOfBirth));
}

/** A member as shown on a card: nothing private (no e-mail, birth date or exact location). */
export const profileCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  country: z.string(),
  region: z.string().nullable(),
  main_image: mainImageSchema.nullable(),
  fictional: z.boolean(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

export const featuredAnswerSchema = z.object({ profiles: z.array(profileCardSchema) });

/** The tracking values a visitor arrived with (spec §3), where logged-out search depends on them. */
export const trafficSourceQuerySchema = z
  .object({ network: z.string().max(64).optional(), ref: z.string().max(64).optional() })
  .loose();
