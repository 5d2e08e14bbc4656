export { provisionSite, deprovisionSite, type ProvisionOptions, type ProvisionStep } from './provision';
export { startSite, stopSiteServer, type RunningSite } from './serve';
export { hostFromEnv, wordpressHostAvailable } from './host';
export { normalizeDomain, siteDbNames, wordpressLocale } from './names';
export { sitePaths } from './paths';
export { readSiteInfo, type SiteInfo } from './info-file';
