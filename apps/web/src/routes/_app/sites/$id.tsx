import { createFileRoute } from '@tanstack/react-router';
import { SiteDetailPage } from '../../../features/site-detail/SiteDetailPage';
import { validateSiteDetailSearch } from '../../../features/site-detail/tabs';

export const Route = createFileRoute('/_app/sites/$id')({
  validateSearch: validateSiteDetailSearch,
  component: SiteDetailPage,
});
