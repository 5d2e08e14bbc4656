import type {
  AgentActionType,
  contentSegments,
  feedbackCategories,
  feedbackTypes,
  MetricType,
} from '@blogfleet/validators';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

type FeedbackType = (typeof feedbackTypes)[number];
type FeedbackCategory = (typeof feedbackCategories)[number];
type ContentSegment = (typeof contentSegments)[number];

/** The pool's enumerations in words, in the active language. */
export function usePoolLabels() {
  const { t } = useLingui();
  return useMemo(() => {
    const actionTypes: Record<AgentActionType, string> = {
      generate_idea: t`Idea generation`,
      evaluate_idea: t`Idea evaluation`,
      rewrite_idea: t`Idea rewriting`,
      generate_post: t`Post generation`,
      rewrite_post: t`Post rewriting`,
      generate_feedback: t`Feedback generation`,
      synthesize_policy: t`Policy synthesis`,
      analyze_performance: t`Performance analysis`,
    };
    const triggers: Record<string, string> = {
      manual: t`Manual`,
      on_idea_created: t`When an idea is created`,
      on_idea_needs_rewrite: t`When an idea needs a rewrite`,
      on_idea_promoted: t`When an idea is promoted`,
      on_post_feedback: t`When a post gets feedback`,
      scheduled_daily: t`Daily`,
    };
    const feedbackTypeLabels: Record<FeedbackType, string> = {
      positive: t`Positive`,
      negative: t`Negative`,
      neutral: t`Neutral`,
    };
    const categories: Record<FeedbackCategory, string> = {
      tone: t`Tone`,
      clarity: t`Clarity`,
      engagement: t`Engagement`,
      accuracy: t`Accuracy`,
      structure: t`Structure`,
      relevance: t`Relevance`,
      other: t`Other`,
    };
    const segments: Record<ContentSegment, string> = {
      none: t`None`,
      full: t`Full content`,
      headline: t`Headline`,
      intro: t`Introduction`,
      body: t`Body`,
      conclusion: t`Conclusion`,
    };
    const metricTypes: Record<MetricType, string> = {
      human_edit_time: t`Human edit time`,
      publish_time: t`Time to publish`,
      time_to_approve: t`Time to approve`,
      time_to_reject: t`Time to reject`,
      seo_score: t`SEO score`,
      engagement_rate: t`Engagement rate`,
      approval_rate: t`Approval rate`,
    };
    /** doc2 §9: the seven reference agents, ids 1 to 7. */
    const referenceAgents: Record<number, string> = {
      1: t`Idea generation agent`,
      2: t`Idea evaluation agent`,
      3: t`Idea rewriter agent`,
      4: t`Post generator agent`,
      5: t`Post rewriter agent`,
      6: t`Policy library generator agent`,
      7: t`Performance analysis agent`,
    };
    return {
      /** doc2 §4: `error` (or anything unknown) is shown as Error. */
      actionType: (v: string) => actionTypes[v as AgentActionType] ?? t`Error`,
      trigger: (v: string) => triggers[v] ?? v,
      feedbackType: (v: FeedbackType) => feedbackTypeLabels[v],
      category: (v: FeedbackCategory) => categories[v],
      segment: (v: ContentSegment) => segments[v],
      metricType: (v: MetricType) => metricTypes[v],
      referenceAgents,
    };
  }, [t]);
}
