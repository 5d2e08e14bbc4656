export { provisionSite, type ProvisionOptions, type ProvisionStep } from './provision';
export { deprovisionSite } from './deprovision';
export { switchSiteTheme } from './site-theme';
export { installAnalyticsPluginOnSite } from './site-analytics';
export {
  runningSites,
  siteAnswers,
  startSite,
  stopAllSites,
  stopHostedServer,
  stopSiteServer,
  type RunningSite,
} from './serve';
export {
  checkWordPressHost,
  hostFromEnv,
  wordpressHostAvailable,
  type HostCheck,
  type HostCheckName,
} from './host';
export { normalizeDomain, siteDbNames, wordpressLocale } from './names';
export { sitePaths, isLoopbackHosting } from './paths';
export { readSiteInfo, type SiteInfo } from './info-file';
export { DEFAULT_SITES_USER } from './site-user';
