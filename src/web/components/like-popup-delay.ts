/**
 * spec §4: "Query parameter t, if a positive number: a like popup appears after that many
 * seconds and t is removed from the URL". The seconds, or null for anything else.
 */
export function likePopupDelay(value: string | null): number | null {
  if (value === null || !/^\d+(\.\d+)?$/.test(value)) return null;
  const seconds = Number(value);
  return seconds > 0 ? seconds : null;
}
