import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Textarea,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { AiDraft } from './AiDraft';
import { PostTermsFields, type PostTerms } from './PostTermsFields';

export interface PostFormValues extends PostTerms {
  title: string;
  content: string;
  excerpt: string;
  status: 'draft' | 'published' | 'scheduled';
  scheduled_date?: string;
}

const EMPTY: PostFormValues = {
  title: '',
  content: '',
  excerpt: '',
  status: 'draft',
  category_ids: [],
  tag_ids: [],
  featured_media_id: null,
};

interface Props {
  siteId: number;
  open: boolean;
  /** Opened by "Generate AI content": the AI topic field is shown straight away. */
  startWithAi?: boolean;
  /** The post being edited, or null for a new one. */
  initial: (PostFormValues & { id: number }) | null;
  saving: boolean;
  onOpenChange(open: boolean): void;
  onSave(values: PostFormValues): Promise<void>;
}

/** `2031-05-01T10:00:00.000Z` → the value of a datetime-local input, in the browser's time. */
export function toLocalInput(iso: string | undefined | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Create/edit post (core §2 posts tab): the date only when scheduled. */
export function PostDialog({ siteId, open, startWithAi, initial, saving, onOpenChange, onSave }: Props) {
  const { t } = useLingui();
  const [values, setValues] = useState<PostFormValues>(EMPTY);
  const [aiOpen, setAiOpen] = useState(false);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setTried(false);
    setValues(initial ? { ...initial, scheduled_date: toLocalInput(initial.scheduled_date) } : EMPTY);
    setAiOpen(Boolean(startWithAi) && !initial);
  }, [open, initial, startWithAi]);
  const set = (patch: Partial<PostFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const titleMissing = tried && !values.title.trim();
  const dateMissing = tried && values.status === 'scheduled' && !values.scheduled_date;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{initial ? <Trans>Edit post</Trans> : <Trans>Create post</Trans>}</DialogTitle>
        </DialogHeader>
        <form
          id="post-form"
          noValidate
          className="flex flex-col gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setTried(true);
            if (!values.title.trim() || (values.status === 'scheduled' && !values.scheduled_date)) return;
            const { id: _postId, ...fields } = values as PostFormValues & { id?: number };
            await onSave({
              ...fields,
              scheduled_date:
                values.status === 'scheduled' && values.scheduled_date
                  ? new Date(values.scheduled_date).toISOString()
                  : undefined,
            });
          }}
        >
          {aiOpen ? (
            <AiDraft
              siteId={siteId}
              initialTopic={values.title}
              onDraft={(draft) => {
                set(draft);
                setAiOpen(false);
              }}
              onCancel={() => setAiOpen(false)}
            />
          ) : (
            <Button
              type="button"
              variant="outline"
              className="h-10 self-start md:h-9"
              onClick={() => setAiOpen(true)}
            >
              <Sparkles className="size-4" aria-hidden />
              <Trans>Create with AI</Trans>
            </Button>
          )}
          <FormField label={t`Title`} required error={titleMissing ? t`Title is required` : undefined}>
            <Input value={values.title} onChange={(e) => set({ title: e.target.value })} />
          </FormField>
          <FormField label={t`Content`}>
            <Textarea rows={8} value={values.content} onChange={(e) => set({ content: e.target.value })} />
          </FormField>
          <FormField label={t`Excerpt`}>
            <Textarea rows={2} value={values.excerpt} onChange={(e) => set({ excerpt: e.target.value })} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Status`}>
              <Select
                aria-label={t`Status`}
                value={values.status}
                onValueChange={(v) => set({ status: v as PostFormValues['status'] })}
                options={[
                  { value: 'draft', label: t`Draft` },
                  { value: 'published', label: t`Published` },
                  { value: 'scheduled', label: t`Scheduled` },
                ]}
              />
            </FormField>
            {values.status === 'scheduled' && (
              <FormField
                label={t`Publish at`}
                required
                error={dateMissing ? t`A scheduled post needs its date` : undefined}
              >
                <Input
                  type="datetime-local"
                  value={values.scheduled_date ?? ''}
                  onChange={(e) => set({ scheduled_date: e.target.value })}
                />
              </FormField>
            )}
          </div>
          <PostTermsFields siteId={siteId} value={values} onChange={set} />
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="post-form" loading={saving}>
            {initial ? <Trans>Save changes</Trans> : <Trans>Create post</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
