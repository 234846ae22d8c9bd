import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, loginRequestSchema } from './account';

/** spec §1, §9: a deleted account can be restored for this many days; then it is erased. */
export const DELETION_UNDO_DAYS = 14;

// Issue 31 item 7, spec §1 "account deletion with retention offers (deletion can be undone
// within 14 days)", §3 company `delete_discount`.

/** The personal code a member who thinks of leaving may take instead (spec §3 delete_discount). */
export const retentionDiscountSchema = z.object({
  code: z.string(),
  value_percentage: z.number().int().positive(),
  expires_at: z.iso.datetime(),
});
export type RetentionDiscount = z.infer<typeof retentionDiscountSchema>;

/** What the deletion screen offers first: a discount (when the company gives one) or invisibility. */
export const retentionOfferAnswerSchema = z.object({
  offer: z.object({
    /** The company's delete_discount in percent; 0 when it offers none. */
    discount_percentage: z.number().int().nonnegative(),
    /** The member's code, once taken (taking it again answers the same code). */
    discount: retentionDiscountSchema.nullable(),
    /** Invisible mode is the other offer: already on, it is not offered again. */
    invisible: z.boolean(),
  }),
});

export const retentionDiscountAnswerSchema = z.object({ discount: retentionDiscountSchema });

/** The password proves it is the member, not someone at an unlocked screen. */
export const deleteAccountRequestSchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

/** The undo within 14 days: the login's e-mail address and password again. */
export const restoreAccountRequestSchema = loginRequestSchema;
