import { createFileRoute } from '@tanstack/react-router';
import { DiscoveryPage } from '../../features/discovery/DiscoveryPage';

export const Route = createFileRoute('/_app/domain-discovery')({
  loader: ({ context }) => Promise.allSettled([context.trpc.domains.targets.ensureData()]),
  component: DiscoveryPage,
});
