import { Button, FormField, Input, toast } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';

/**
 * "Create with AI" in the post dialog (core §2): a topic (the title so far) and optional keywords; the
 * draft fills title, content and excerpt for the user to review and save.
 */
export function AiDraft({
  siteId,
  initialTopic,
  onDraft,
  onCancel,
}: {
  siteId: number;
  initialTopic: string;
  onDraft(draft: { title: string; content: string; excerpt: string }): void;
  onCancel(): void;
}) {
  const { t } = useLingui();
  const [topic, setTopic] = useState(initialTopic);
  const [keywords, setKeywords] = useState('');
  const [tried, setTried] = useState(false);
  const generate = trpc.sites.generatePost.useMutation({
    onSuccess: ({ title, content, excerpt }) => {
      onDraft({ title, content, excerpt });
      toast.success(t`AI content suggestions generated! Review and save the post.`);
    },
    onError: (err) => toastApiError(err, t`Failed to generate AI content`),
  });
  const missing = tried && !topic.trim();
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-3"
      role="group"
      aria-label={t`Create with AI`}
    >
      <FormField label={t`Topic`} required error={missing ? t`Enter a topic or a title` : undefined}>
        <Input
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
          placeholder={t`What should the post be about?`}
        />
      </FormField>
      <FormField label={t`Keywords`} hint={t`Optional, separated by commas`}>
        <Input value={keywords} onChange={(e) => setKeywords(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          className="h-10 md:h-9"
          loading={generate.isPending}
          onClick={() => {
            setTried(true);
            if (!topic.trim()) return;
            generate.mutate({
              id: siteId,
              topic: topic.trim(),
              keywords: keywords
                .split(',')
                .map((k) => k.trim())
                .filter(Boolean)
                .slice(0, 20),
            });
          }}
        >
          <Sparkles className="size-4" aria-hidden />
          <Trans>Generate</Trans>
        </Button>
        <Button type="button" variant="ghost" className="h-10 md:h-9" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
