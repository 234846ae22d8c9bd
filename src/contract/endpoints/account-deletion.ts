import { z } from 'zod';
import { okAnswerSchema, userAnswerSchema } from '@contract/account';
import {
  deleteAccountRequestSchema,
  restoreAccountRequestSchema,
  retentionDiscountAnswerSchema,
  retentionOfferAnswerSchema,
} from '@contract/account-deletion';
import { defineEndpoint } from '@contract/endpoint';
import { accountDeletionRoutes } from '@contract/api-routes/account-deletion';

/** Deleting one's account with a retention offer first, and the undo within 14 days (spec §1). */
export const accountDeletionApi = {
  retentionOffer: defineEndpoint({
    ...accountDeletionRoutes.retentionOffer,
    answer: retentionOfferAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** Makes (once) the member's personal code worth the company's delete_discount. */
  takeRetentionDiscount: defineEndpoint({
    ...accountDeletionRoutes.takeRetentionDiscount,
    body: z.object({}).optional(),
    answer: retentionDiscountAnswerSchema,
    errors: ['discount_not_found'],
    access: 'member',
  }),
  /** Ends every session and socket of the member; the account can be restored for 14 days. */
  deleteAccount: defineEndpoint({
    ...accountDeletionRoutes.deleteAccount,
    body: deleteAccountRequestSchema,
    answer: okAnswerSchema,
    errors: ['password_wrong'],
    access: 'member',
  }),
  /** After login answered account_deleted_restorable: the account back, and a session. */
  restoreAccount: defineEndpoint({
    ...accountDeletionRoutes.restoreAccount,
    body: restoreAccountRequestSchema,
    answer: userAnswerSchema,
    errors: ['login_failed', 'account_locked', 'account_restore_expired'],
    access: 'anyone',
  }),
};
