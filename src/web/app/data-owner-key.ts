/** Where the mark of the member whose data the browser (localStorage) and tab hold is kept. */
export const OWNER_KEY = 'data-owner';
