import { createFileRoute } from '@tanstack/react-router';
import { AiPoolPage } from '../../features/ai-pool/AiPoolPage';
import { validateAiPoolSearch } from '../../features/ai-pool/ai-pool-search';

/** The AI content pool (doc2 §2): seven tabs, the tab and its filters in the URL. */
export const Route = createFileRoute('/_app/ai-content-pool')({
  validateSearch: validateAiPoolSearch,
  component: AiPoolPage,
});
