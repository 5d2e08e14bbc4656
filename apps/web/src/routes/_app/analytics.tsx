import { createFileRoute } from '@tanstack/react-router';
import { FleetAnalyticsPage } from '../../features/analytics/FleetAnalyticsPage';
import { rangeOf, type RangeDays } from '../../features/analytics/range';

/** /analytics (issue 13): the fleet's visitors over a range, the range in the URL. */
export const Route = createFileRoute('/_app/analytics')({
  validateSearch: (search: Record<string, unknown>): { range?: RangeDays } =>
    search.range === undefined ? {} : { range: rangeOf(search.range) },
  component: FleetAnalyticsPage,
});
