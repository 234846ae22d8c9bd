/** Where the mark of the member whose data the browser (localStorage) and tab hold is kept. */
export const OWNER_KEY = 'data-owner';

/** Whether a member's mark is left in the browser or the tab (storage may refuse). */
export function dataOwnerLeft(): boolean {
  try {
    return localStorage.getItem(OWNER_KEY) !== null || sessionStorage.getItem(OWNER_KEY) !== null;
  } catch {
    return false;
  }
}
