import type { RouterOutputs } from '@blogfleet/api';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  FormField,
  Input,
  Select,
  Skeleton,
  StatusBadge,
  toast,
} from '@blogfleet/ui';
import { DEFAULT_IDEA_KEYWORDS, IDEAS_GENERATED } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Check, CheckCircle2, FileText, Lightbulb, Send, Sparkles, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { formatNumber, formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useTrackJob } from '../jobs/use-job-sync';
import { StatCard } from '../dashboard/StatCard';
import { PoolLoadError } from './PoolError';
import { commaList, plainText } from './text';
import { shortText } from '../../lib/format';

type Idea = RouterOutputs['aiPool']['ideas']['list']['ideas'][number];
type Post = RouterOutputs['aiPool']['posts']['list']['posts'][number];

/** doc2 §9: recent lists show 5; averages are taken over at most 50; cards show up to 3 keywords. */
const RECENT = 5;
const AVERAGE_OVER = 50;
const KEYWORDS_SHOWN = 3;
/** doc2 §2: a post preview is the first 100 characters of its content. */
const PREVIEW_CHARS = 100;

const NONE = '';

function average(values: (number | null)[]): number | null {
  const scored = values.filter((v): v is number => v !== null);
  return scored.length === 0 ? null : scored.reduce((a, b) => a + b, 0) / scored.length;
}

/** Dashboard (doc2 §2 tab 1): generate ideas, the pool's figures, the newest ideas and posts. */
export function DashboardTab() {
  const { t } = useLingui();
  // Ideas are small: a page of 50 gives the newest five and an exact count (a count the server has to
  // take separately is reused for a few seconds, so it would lag behind an approval made here).
  const recentIdeas = trpc.aiPool.ideas.list.useQuery({ limit: AVERAGE_OVER });
  const pending = trpc.aiPool.ideas.list.useQuery({ status: 'pending_review', limit: AVERAGE_OVER });
  const approved = trpc.aiPool.ideas.list.useQuery({ status: 'approved', limit: AVERAGE_OVER });
  // Posts carry their content: only what is shown is fetched.
  const recentPosts = trpc.aiPool.posts.list.useQuery({ limit: RECENT });
  const ready = trpc.aiPool.posts.list.useQuery({ status: 'ready', limit: 1 });
  const published = trpc.aiPool.posts.list.useQuery({ status: 'published', limit: AVERAGE_OVER });

  const loading = (q: { isLoading: boolean }) => q.isLoading;
  const count = (q: { isLoading: boolean; data?: { pagination: { total: number } } }) =>
    loading(q) ? '…' : formatNumber(q.data?.pagination.total ?? 0);
  const score = (v: number | null, max: number, isLoading: boolean): ReactNode => {
    if (isLoading) return '…';
    if (v === null)
      return (
        <span className="text-muted-foreground" title={t`No data yet`}>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t`No data yet`}</span>
        </span>
      );
    return `${formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}/${max}`;
  };
  const statsError = [recentIdeas, pending, approved, recentPosts, ready, published].find(
    (q) => q.isError,
  )?.error;

  return (
    <div className="flex flex-col gap-6">
      <GenerateIdeasCard />
      {statsError && <PoolLoadError error={statsError} fallback={t`Failed to load the pool's figures`} />}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title={t`Ideas`}
          to="/content-pool/ideas"
          linkLabel={t`Open ideas management`}
          icon={<Lightbulb className="size-5" aria-hidden />}
          lines={[
            { label: t`Total`, value: count(recentIdeas), testId: 'pool-total-ideas' },
            { label: t`Pending review`, value: count(pending), testId: 'pool-pending-ideas' },
          ]}
        />
        <StatCard
          title={t`Approved ideas`}
          to="/content-pool/ideas"
          linkLabel={t`Open ideas management`}
          icon={<CheckCircle2 className="size-5" aria-hidden />}
          lines={[
            { label: t`Approved`, value: count(approved), testId: 'pool-approved-ideas' },
            {
              label: t`Average quality`,
              value: score(
                average((approved.data?.ideas ?? []).map((i) => i.quality_score)),
                5,
                approved.isLoading,
              ),
              testId: 'pool-approved-quality',
            },
          ]}
        />
        <StatCard
          title={t`Posts`}
          to="/content-pool/posts"
          linkLabel={t`Open posts management`}
          icon={<FileText className="size-5" aria-hidden />}
          lines={[
            { label: t`Total`, value: count(recentPosts), testId: 'pool-total-posts' },
            { label: t`Ready`, value: count(ready), testId: 'pool-ready-posts' },
          ]}
        />
        <StatCard
          title={t`Published posts`}
          to="/content-pool/posts"
          linkLabel={t`Open posts management`}
          icon={<Send className="size-5" aria-hidden />}
          lines={[
            { label: t`Published`, value: count(published), testId: 'pool-published-posts' },
            {
              label: t`Average quality`,
              value: score(
                average((published.data?.posts ?? []).map((p) => p.quality_score)),
                10,
                published.isLoading,
              ),
              testId: 'pool-published-quality',
            },
          ]}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <RecentIdeas query={recentIdeas} />
        <RecentPosts query={recentPosts} />
      </div>
    </div>
  );
}

/** doc2 §2, §5: website, agent and keywords; the button waits for a website and an agent. */
function GenerateIdeasCard() {
  const { t } = useLingui();
  const trackJob = useTrackJob();
  const sites = trpc.sites.options.useQuery({});
  const agents = trpc.aiPool.agents.list.useQuery();
  const generate = trpc.aiPool.ideas.generate.useMutation({
    onSuccess: ({ job }) => {
      trackJob(job);
      toast.info(t`Generating ideas… the job panel shows the progress`);
    },
    onError: (err) => toastApiError(err, t`Failed to generate ideas`),
  });
  const [siteId, setSiteId] = useState(NONE);
  const [agentId, setAgentId] = useState(NONE);
  const [keywords, setKeywords] = useState('');

  const siteOptions = (sites.data?.sites ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.site_title} (${s.domain_name})`,
  }));
  const generators = (agents.data?.agents ?? []).filter(
    (a) => a.action_type === 'generate_idea' && a.is_active,
  );
  // A single choice is made for the user; with several they pick.
  const onlySite = siteOptions.length === 1 ? siteOptions[0]!.value : null;
  const onlyAgent = generators.length === 1 ? String(generators[0]!.id) : null;
  useEffect(() => {
    if (siteId === NONE && onlySite) setSiteId(onlySite);
  }, [siteId, onlySite]);
  useEffect(() => {
    if (agentId === NONE && onlyAgent) setAgentId(onlyAgent);
  }, [agentId, onlyAgent]);

  const ready = siteId !== NONE && agentId !== NONE;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    generate.mutate({
      website_id: Number(siteId),
      agent_id: Number(agentId),
      keywords: commaList(keywords),
      count: IDEAS_GENERATED.default,
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <Trans>Generate ideas</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-[1fr_1fr_1.5fr_auto] xl:items-start"
        >
          <FormField label={t`Website`} required>
            <Select
              aria-label={t`Website`}
              value={siteId}
              placeholder={sites.isLoading ? t`Loading…` : t`Choose a website`}
              onValueChange={setSiteId}
              options={siteOptions}
            />
          </FormField>
          <FormField
            label={t`Agent`}
            required
            hint={
              agents.isSuccess && generators.length === 0
                ? t`No idea generation agent is active: turn one on in the Agents tab.`
                : undefined
            }
          >
            <Select
              aria-label={t`Agent`}
              value={agentId}
              placeholder={agents.isLoading ? t`Loading…` : t`Choose an agent`}
              onValueChange={setAgentId}
              options={generators.map((a) => ({ value: String(a.id), label: a.name }))}
            />
          </FormField>
          <FormField
            label={t`Keywords`}
            hint={t`Comma-separated. Empty: ${DEFAULT_IDEA_KEYWORDS.join(', ')}.`}
          >
            <Input
              autoComplete="off"
              value={keywords}
              placeholder={DEFAULT_IDEA_KEYWORDS.join(', ')}
              onChange={(e) => setKeywords(e.target.value)}
            />
          </FormField>
          <div className="flex flex-col gap-1.5 xl:pt-6">
            <Button
              type="submit"
              className="h-10 md:h-9"
              disabled={!ready}
              loading={generate.isPending}
              aria-describedby={ready ? undefined : 'generate-ideas-needs'}
            >
              <Sparkles className="size-4" aria-hidden />
              <Trans>Generate ideas</Trans>
            </Button>
            {!ready && (
              <p id="generate-ideas-needs" className="text-xs text-muted-foreground">
                <Trans>Choose a website and an agent first.</Trans>
              </p>
            )}
          </div>
        </form>
        {(sites.isError || agents.isError) && (
          <div className="mt-4">
            <PoolLoadError error={sites.error ?? agents.error} fallback={t`Failed to load some data`} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function KeywordBadges({ keywords, label }: { keywords: string[]; label: string }) {
  if (keywords.length === 0) return null;
  const shown = keywords.slice(0, KEYWORDS_SHOWN);
  const more = keywords.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={label}>
      {shown.map((k, i) => (
        <li key={`${i}-${k}`}>
          <Badge variant="outline">{k}</Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge variant="neutral" title={keywords.slice(KEYWORDS_SHOWN).join(', ')}>
            +{more}
          </Badge>
        </li>
      )}
    </ul>
  );
}

function RecentCard({
  title,
  to,
  seeAll,
  children,
}: {
  title: ReactNode;
  to: '/content-pool/ideas' | '/content-pool/posts';
  seeAll: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2">{title}</CardTitle>
        <Link
          to={to}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          aria-label={seeAll}
        >
          <Trans>See all</Trans>
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

function RecentIdeas({
  query,
}: {
  query: { isLoading: boolean; isError: boolean; data?: { ideas: Idea[] } };
}) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const refresh = () => utils.aiPool.invalidate();
  const review = trpc.aiPool.ideas.setStatus.useMutation({
    onSuccess: ({ idea }) => {
      toast.success(idea.status === 'approved' ? t`Idea approved` : t`Idea rejected`);
      void refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to update the idea`),
  });
  const promote = trpc.aiPool.ideas.promote.useMutation({
    onSuccess: ({ job }) => {
      trackJob(job);
      toast.info(t`Writing the post… the job panel shows the progress`);
      void refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to promote the idea`),
  });
  const busy = review.isPending
    ? review.variables?.id
    : promote.isPending
      ? promote.variables?.id
      : undefined;
  const ideas = (query.data?.ideas ?? []).slice(0, RECENT);

  return (
    <RecentCard title={<Trans>Recent ideas</Trans>} to="/content-pool/ideas" seeAll={t`See all ideas`}>
      {query.isLoading ? (
        <ListSkeleton />
      ) : ideas.length === 0 ? (
        <EmptyState
          icon={<Lightbulb aria-hidden />}
          title={<Trans>No ideas yet</Trans>}
          description={<Trans>Generate ideas above from a website's keywords.</Trans>}
        />
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t`Recent ideas`}>
          {ideas.map((idea) => (
            <li
              key={idea.id}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0"
              data-testid={`recent-idea-${idea.id}`}
            >
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 font-medium break-words">{idea.idea_text}</p>
                <StatusBadge status={idea.status} />
              </div>
              <KeywordBadges keywords={idea.source_keywords} label={t`Source keywords`} />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-muted-foreground">
                  {[
                    idea.website?.domain_name,
                    idea.quality_score === null
                      ? null
                      : t`Quality ${formatNumber(idea.quality_score, { maximumFractionDigits: 1 })}/5`,
                    formatUserDate(idea.created_at),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <div className="flex flex-wrap gap-2">
                  {idea.status === 'pending_review' && (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        className="h-10 md:h-8"
                        disabled={busy !== undefined}
                        loading={busy === idea.id && review.variables?.status === 'approved'}
                        aria-label={t`Approve idea ${shortText(idea.idea_text, 60)}`}
                        onClick={() => review.mutate({ id: idea.id, status: 'approved' })}
                      >
                        <Check className="size-4 text-success" aria-hidden />
                        <Trans>Approve</Trans>
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        className="h-10 md:h-8"
                        disabled={busy !== undefined}
                        loading={busy === idea.id && review.variables?.status === 'rejected'}
                        aria-label={t`Reject idea ${shortText(idea.idea_text, 60)}`}
                        onClick={() => review.mutate({ id: idea.id, status: 'rejected' })}
                      >
                        <X className="size-4 text-danger" aria-hidden />
                        <Trans>Reject</Trans>
                      </Button>
                    </>
                  )}
                  {idea.status === 'approved' && (
                    <Button
                      size="sm"
                      className="h-10 md:h-8"
                      disabled={busy !== undefined}
                      loading={busy === idea.id}
                      aria-label={t`Promote idea ${shortText(idea.idea_text, 60)} to a post`}
                      onClick={() => promote.mutate({ id: idea.id })}
                    >
                      <FileText className="size-4" aria-hidden />
                      <Trans>Promote to post</Trans>
                    </Button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </RecentCard>
  );
}

function RecentPosts({
  query,
}: {
  query: { isLoading: boolean; isError: boolean; data?: { posts: Post[] } };
}) {
  const { t } = useLingui();
  const posts = query.data?.posts ?? [];
  return (
    <RecentCard title={<Trans>Recent posts</Trans>} to="/content-pool/posts" seeAll={t`See all posts`}>
      {query.isLoading ? (
        <ListSkeleton />
      ) : posts.length === 0 ? (
        <EmptyState
          icon={<FileText aria-hidden />}
          title={<Trans>No posts yet</Trans>}
          description={<Trans>Approve an idea, then promote it: the post generator writes the post.</Trans>}
        />
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t`Recent posts`}>
          {posts.map((post) => {
            const preview = shortText(plainText(post.content), PREVIEW_CHARS);
            return (
              <li
                key={post.id}
                className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0"
                data-testid={`recent-post-${post.id}`}
              >
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-medium break-words">{post.title}</p>
                  <StatusBadge status={post.status} />
                </div>
                {preview && <p className="text-sm break-words text-muted-foreground">{preview}</p>}
                <KeywordBadges keywords={post.target_keywords} label={t`Target keywords`} />
                <p className="text-xs text-muted-foreground">
                  {[
                    post.website?.domain_name,
                    post.quality_score === null
                      ? null
                      : t`Quality ${formatNumber(post.quality_score, { maximumFractionDigits: 1 })}/10`,
                    formatUserDate(post.created_at),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </RecentCard>
  );
}
