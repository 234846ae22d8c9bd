// Kept apart from payments.ts and its schemas: every page's banner reads these (issue 25 item 6).

/** spec §9: the time bonus, 25 %, once per member, within 4 hours of signup. */
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_PERCENTAGE = 25;
