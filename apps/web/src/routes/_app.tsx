import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/AppLayout';

/** Every route below sits behind the login guard (core §2). */
export const Route = createFileRoute('/_app')({ component: AppLayout });
