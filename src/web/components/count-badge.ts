// spec §2/§9: unread badges are capped at 99+.
export function badgeText(count: number): string | undefined {
  if (count <= 0) return undefined;
  return countText(count);
}

/**
 * A count as every badge shows it, zero included: 99+ above 99 (spec §9). likes.php counts
 * its lists up to LIKES_COUNT_CAP (100), which reads "99+" here.
 */
export function countText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

// spec §2: the credits badge shows at 10 or fewer credits: warning above 0, danger at 0.
export function creditsBadgeVariant(credits: number): 'warning' | 'danger' | undefined {
  if (credits > 10) return undefined;
  return credits > 0 ? 'warning' : 'danger';
}

/** spec §4: the document title carries (unread messages + new likes) when above zero. */
export function titleWithCount(title: string, count: number): string {
  return count > 0 ? `(${countText(count)}) ${title}` : title;
}
