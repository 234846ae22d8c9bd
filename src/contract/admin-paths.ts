/**
 * The operator console's pages (issue 30): one branch of the web app under /admin, loaded
 * only there, with its own layout. Its routes are the console's own, not spec §2's.
 */
export const ADMIN_PATHS = {
  login: '/admin/login',
  inbox: '/admin/inbox',
  audit: '/admin/audit',
} as const;

export const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');
