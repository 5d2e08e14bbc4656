import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '../../../features/shell/NotAvailablePage';

export const Route = createFileRoute('/_app/content-pool/posts')({ component: NotAvailablePage });
