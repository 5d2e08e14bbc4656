import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../../../features/shell/ComingPage';

export const Route = createFileRoute('/_app/sites/')({ component: ComingPage });
