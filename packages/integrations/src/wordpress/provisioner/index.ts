export { provisionSite, type ProvisionOptions, type ProvisionStep } from './provision';
export { deprovisionSite } from './deprovision';
export { startSite, stopSiteServer, type RunningSite } from './serve';
export { hostFromEnv, wordpressHostAvailable } from './host';
export { normalizeDomain, siteDbNames, wordpressLocale } from './names';
export { sitePaths, isLoopbackHosting } from './paths';
export { readSiteInfo, type SiteInfo } from './info-file';
export { DEFAULT_SITES_USER } from './site-user';
