import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/SettingsPage';

/** Everyone's own settings; the integrations part only for admins (the server refuses others). */
export const Route = createFileRoute('/_app/settings')({ component: SettingsPage });
