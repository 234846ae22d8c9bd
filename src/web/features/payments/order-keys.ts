import { newOrderKey } from './payments-api';

/**
 * The order keys of one checkout page visit (issue 10): the same choice keeps its key, so a
 * double click, a retry or coming back to the page is one order; another method, bank or
 * code is another order with its own key (the server refuses a key reused for another one).
 */
export function orderKeysByChoice(makeKey: () => string = newOrderKey) {
  const keys = new Map<string, string>();
  return (choice: readonly (string | undefined)[]): string => {
    const id = JSON.stringify(choice);
    const known = keys.get(id);
    if (known) return known;
    const key = makeKey();
    keys.set(id, key);
    return key;
  };
}
