import { Alert, Button, Spinner, StatusBadge, Tabs, TabsContent, TabsList, TabsTrigger } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import {
  Camera,
  DownloadCloud,
  ExternalLink,
  Gauge,
  PanelRightClose,
  PanelRightOpen,
  PlugZap,
  Plus,
  RefreshCw,
  Sparkles,
  TrendingUp,
  UploadCloud,
} from 'lucide-react';
import { useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { SiteAnalyticsTab } from '../analytics/SiteAnalyticsTab';
import { CloudflareTab } from './CloudflareTab';
import { ContentPoolTab } from './ContentPoolTab';
import { DashboardTab } from './DashboardTab';
import { KeywordsTab } from './KeywordsTab';
import { RequestTrafficDialog, TrafficTab } from './TrafficTab';
import { ScreenshotPanel } from './ScreenshotPanel';
import { useSiteChecks } from './use-site-checks';
import { PostsTab } from './PostsTab';
import { SettingsTab } from './SettingsTab';
import { CategoriesTab, MediaTab, TagsTab } from './TermsTabs';
import { SITE_TABS, tabOf, type SiteTab } from './tabs';
import { useSite } from './use-site';

const route = getRouteApi('/_app/sites/$id');

/** /sites/{id} (core §2): header, the eleven tabs with the tab in the URL, the collapsible side panel. */
export function SiteDetailPage() {
  const { t } = useLingui();
  const { id } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const siteId = Number(id);
  const { site, refreshAll, test, testing, pull, pulling, push, pushing, sync, syncing } = useSite(siteId);
  const checks = useSiteChecks(siteId);
  const [panelOpen, setPanelOpen] = useState(true);
  const [createSignal, setCreateSignal] = useState(0);
  const [aiSignal, setAiSignal] = useState(0);
  const [requesting, setRequesting] = useState(false);
  const tab = tabOf(search.tab);
  const labels: Record<SiteTab, string> = {
    dashboard: t`Dashboard`,
    posts: t`Posts`,
    'content-pool': t`Content pool`,
    categories: t`Categories`,
    tags: t`Tags`,
    media: t`Media`,
    keywords: t`Keywords`,
    analytics: t`Analytics`,
    traffic: t`Traffic`,
    cloudflare: t`Cloudflare`,
    settings: t`Settings`,
  };
  const go = (next: SiteTab) =>
    void navigate({ search: next === 'dashboard' ? {} : { tab: next }, replace: true });

  if (site.isLoading) return <Spinner label={t`Loading…`} />;
  if (site.isError || !site.data) {
    return <Alert>{userMessage(site.error, { fallback: t`Failed to fetch site details` })}</Alert>;
  }
  const s = site.data.site;
  const siteUrl = s.wp_api_url?.replace(/\/wp-json\/?$/, '') ?? null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold break-words">{s.site_title}</h1>
            <StatusBadge status={s.status} />
          </div>
          <p className="break-all text-muted-foreground">{s.domain_name_unicode}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {siteUrl && (
            <Button variant="outline" asChild>
              <a href={siteUrl} target="_blank" rel="noreferrer">
                <ExternalLink className="size-4" aria-hidden />
                <Trans>View site</Trans>
              </a>
            </Button>
          )}
          <Button variant="outline" onClick={() => void refreshAll()}>
            <RefreshCw className="size-4" aria-hidden />
            <Trans>Refresh all</Trans>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={panelOpen ? t`Hide the side panel` : t`Show the side panel`}
            aria-expanded={panelOpen}
            onClick={() => setPanelOpen((o) => !o)}
          >
            {panelOpen ? <PanelRightClose className="size-5" /> : <PanelRightOpen className="size-5" />}
          </Button>
        </div>
      </div>

      <div className={panelOpen ? 'grid gap-6 lg:grid-cols-[1fr_20rem]' : 'grid gap-6'}>
        <div className="min-w-0">
          {tab === null ? (
            <Alert>
              <Trans>Unknown tab index</Trans>
            </Alert>
          ) : (
            <Tabs value={tab} onValueChange={(v) => go(v as SiteTab)}>
              <TabsList className="flex w-full flex-wrap justify-start">
                {SITE_TABS.map((name) => (
                  <TabsTrigger key={name} value={name}>
                    {labels[name]}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value="dashboard" className="pt-4">
                <DashboardTab
                  site={s}
                  onPerformanceTest={checks.runPerformanceTest}
                  performanceTesting={checks.testing}
                />
              </TabsContent>
              <TabsContent value="posts" className="pt-4">
                <PostsTab siteId={siteId} createSignal={createSignal} aiSignal={aiSignal} />
              </TabsContent>
              <TabsContent value="settings" className="pt-4">
                <SettingsTab site={s} />
              </TabsContent>
              <TabsContent value="categories" className="pt-4">
                <CategoriesTab siteId={siteId} />
              </TabsContent>
              <TabsContent value="tags" className="pt-4">
                <TagsTab siteId={siteId} />
              </TabsContent>
              <TabsContent value="media" className="pt-4">
                <MediaTab siteId={siteId} />
              </TabsContent>
              <TabsContent value="cloudflare" className="pt-4">
                <CloudflareTab siteId={siteId} />
              </TabsContent>
              <TabsContent value="traffic" className="pt-4">
                <TrafficTab siteId={siteId} onRequest={() => setRequesting(true)} />
              </TabsContent>
              <TabsContent value="keywords" className="pt-4">
                <KeywordsTab siteId={siteId} domain={s.domain_name} />
              </TabsContent>
              <TabsContent value="content-pool" className="pt-4">
                <ContentPoolTab siteId={siteId} domain={s.domain_name} />
              </TabsContent>
              <TabsContent value="analytics" className="pt-4">
                <SiteAnalyticsTab siteId={siteId} hostedHere={s.hosted_here} />
              </TabsContent>
            </Tabs>
          )}
        </div>
        {panelOpen && (
          <aside className="flex flex-col gap-4" aria-label={t`Site actions`}>
            <ScreenshotPanel site={s} />
            <div className="flex flex-col gap-2">
              <Button
                variant="outline"
                className="justify-start"
                loading={checks.screenshotting}
                onClick={checks.takeScreenshot}
              >
                <Camera className="size-4" aria-hidden />
                <Trans>Take screenshot</Trans>
              </Button>
              <Button variant="outline" className="justify-start" loading={testing} onClick={test}>
                <PlugZap className="size-4" aria-hidden />
                <Trans>Test WordPress connection</Trans>
              </Button>
              <Button variant="outline" className="justify-start" loading={syncing} onClick={sync}>
                <RefreshCw className="size-4" aria-hidden />
                <Trans>Sync all data</Trans>
              </Button>
              <Button variant="outline" className="justify-start" loading={pulling} onClick={pull}>
                <DownloadCloud className="size-4" aria-hidden />
                <Trans>WordPress pull</Trans>
              </Button>
              <Button variant="outline" className="justify-start" loading={pushing} onClick={push}>
                <UploadCloud className="size-4" aria-hidden />
                <Trans>WordPress push</Trans>
              </Button>
              <Button
                variant="outline"
                className="justify-start"
                loading={checks.testing}
                onClick={checks.runPerformanceTest}
              >
                <Gauge className="size-4" aria-hidden />
                <Trans>Performance test</Trans>
              </Button>
              <Button
                variant="outline"
                className="justify-start"
                onClick={() => {
                  go('posts');
                  setCreateSignal((n) => n + 1);
                }}
              >
                <Plus className="size-4" aria-hidden />
                <Trans>Create post</Trans>
              </Button>
              <Button
                variant="outline"
                className="justify-start"
                onClick={() => {
                  go('posts');
                  setAiSignal((n) => n + 1);
                }}
              >
                <Sparkles className="size-4" aria-hidden />
                <Trans>Generate AI content</Trans>
              </Button>
              <Button variant="outline" className="justify-start" onClick={() => setRequesting(true)}>
                <TrendingUp className="size-4" aria-hidden />
                <Trans>Request traffic</Trans>
              </Button>
            </div>
          </aside>
        )}
      </div>
      <RequestTrafficDialog
        siteId={siteId}
        open={requesting}
        onOpenChange={setRequesting}
        onCreated={() => go('traffic')}
      />
    </div>
  );
}
