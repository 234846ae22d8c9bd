/** An amount in cents as the language writes money (€ 29,95 in nl, €29.95 in en). */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}
