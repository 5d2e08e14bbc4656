export { capturePage, measurePage, type PageCapture, type PageMetrics } from './page-capture';
export { closeBrowser, chromiumPath } from './browser';
export { PageLoadError } from './errors';
