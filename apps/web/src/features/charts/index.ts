import { lazy } from 'react';

export type { ChartSeries, TrendChartProps } from './TrendChart';

/** recharts is loaded with the first chart a screen draws, not with the console. */
export const TrendChart = lazy(() => import('./TrendChart'));
export const Sparkline = lazy(() => import('./Sparkline'));
