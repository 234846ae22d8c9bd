// The credits feature: the append-only ledger every credit moves through (DESIGN.md §3).
export { type CreditMovement, bookCredits } from './credit-ledger';
export { memberBalance } from './member-balance';
export { debtOf, settleDebt, takeCreditsBack } from './credit-debts';
