import { Select, Tabs, TabsContent, TabsList, TabsTrigger } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import {
  BarChart3,
  Bot,
  BookOpen,
  FileText,
  LayoutDashboard,
  MessageSquare,
  ScrollText,
  type LucideIcon,
} from 'lucide-react';
import { useListUrl } from '../../lib/use-list-url';
import { AgentsTab } from './AgentsTab';
import { POOL_TABS, type PoolTab } from './ai-pool-search';
import { DashboardTab } from './DashboardTab';
import { DecisionsTab } from './DecisionsTab';
import { ExamplesTab } from './ExamplesTab';
import { FeedbackTab } from './FeedbackTab';
import { MetricsTab } from './MetricsTab';
import { PoliciesTab } from './PoliciesTab';
import { usePoolJobs } from './use-pool-jobs';

const route = getRouteApi('/_app/ai-content-pool');

const ICONS: Record<PoolTab, LucideIcon> = {
  dashboard: LayoutDashboard,
  agents: Bot,
  policies: BookOpen,
  examples: FileText,
  feedback: MessageSquare,
  decisions: ScrollText,
  metrics: BarChart3,
};

/**
 * The AI content pool (doc2 §2): seven tabs, the one shown in the URL (`?tab=agents`) with its filters.
 * On phones the tabs are a drop-down list.
 */
export function AiPoolPage() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { setSearch, searchText, setSearchText } = useListUrl(search, navigate);
  usePoolJobs();
  const tab = search.tab ?? 'dashboard';
  const labels: Record<PoolTab, string> = {
    dashboard: t`Dashboard`,
    agents: t`Agents`,
    policies: t`Policy library`,
    examples: t`Content examples`,
    feedback: t`Feedback log`,
    decisions: t`Agent decisions`,
    metrics: t`Performance metrics`,
  };
  // Another tab starts without the filters of this one.
  const go = (next: PoolTab) =>
    void navigate({ search: next === 'dashboard' ? {} : { tab: next }, replace: true });
  const patch = (p: Parameters<typeof setSearch>[0]) => void setSearch(p);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">
          <Trans>Content pool</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Agents turn keywords into ideas and posts; your reviews and feedback become the policies they
            follow.
          </Trans>
        </p>
      </div>
      <Tabs value={tab} onValueChange={(v) => go(v as PoolTab)}>
        <div className="md:hidden">
          <Select
            aria-label={t`Section`}
            value={tab}
            onValueChange={(v) => go(v)}
            options={POOL_TABS.map((name) => ({ value: name, label: labels[name] }))}
          />
        </div>
        <TabsList className="hidden w-full justify-start md:flex" aria-label={t`AI content pool sections`}>
          {POOL_TABS.map((name) => {
            const Icon = ICONS[name];
            return (
              <TabsTrigger key={name} value={name}>
                <Icon aria-hidden />
                {labels[name]}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="dashboard">
          <DashboardTab />
        </TabsContent>
        <TabsContent value="agents">
          <AgentsTab searchText={searchText} onSearchText={setSearchText} search={search.search} />
        </TabsContent>
        <TabsContent value="policies">
          <PoliciesTab
            search={search}
            searchText={searchText}
            onSearchText={setSearchText}
            setSearch={patch}
          />
        </TabsContent>
        <TabsContent value="examples">
          <ExamplesTab
            search={search}
            searchText={searchText}
            onSearchText={setSearchText}
            setSearch={patch}
          />
        </TabsContent>
        <TabsContent value="feedback">
          <FeedbackTab />
        </TabsContent>
        <TabsContent value="decisions">
          <DecisionsTab search={search} setSearch={patch} />
        </TabsContent>
        <TabsContent value="metrics">
          <MetricsTab search={search} setSearch={patch} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
