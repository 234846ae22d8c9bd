// The sites feature: which site a request is for (by host), and what a site stores.
export { countSites, findSiteByHost, findSiteById } from './site-queries';
export { type Site, type SiteTexts, type StoredSiteSettings, siteTextsFor } from './site-record';
export { hostNameOf, siteResolver } from './site-resolver';
