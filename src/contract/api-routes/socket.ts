/**
 * The one socket per tab (issue 9 §4). Not an HTTP endpoint: the upgrade is authenticated by
 * the session cookie and checked against the Origin before the socket opens.
 */
export const SOCKET_PATH = '/api/socket';
