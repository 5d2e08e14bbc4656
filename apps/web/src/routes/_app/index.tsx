import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { loadDashboard } from '../../features/dashboard/dashboard-loader';

export const Route = createFileRoute('/_app/')({ loader: loadDashboard, component: DashboardPage });
