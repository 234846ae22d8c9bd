/**
 * The worker's one cache per version and build is named `<prefix><version>-<revision>`. It
 * holds only the shell and the build's files, nothing of anyone.
 */
export const APP_CACHE_PREFIX = 'app-v';

/**
 * What the page tells the worker after a logout or a change of account (issue 29 item 1):
 * drop every other cache, keep only this version's shell and files, and fetch the shell again.
 */
export const FORGET_MEMBER_DATA_MESSAGE = 'forget-member-data';
