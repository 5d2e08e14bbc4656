import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  Select,
  Textarea,
} from '@blogfleet/ui';
import {
  createKeywordGroupInput,
  updateKeywordGroupInput,
  type CreateKeywordGroupInput,
  type UpdateKeywordGroupInput,
} from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { translateIssue } from '../../lib/validation-messages';
import { KeywordPicker, type PickedKeyword } from '../keywords/KeywordPicker';
import type { KeywordGroupPriority, KeywordGroupRow, KeywordGroupStatus } from './use-keyword-groups';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The group to edit, or null to create one. */
  group: KeywordGroupRow | null;
  websites: string[];
  onAdd(input: CreateKeywordGroupInput): Promise<unknown>;
  onSave(input: UpdateKeywordGroupInput): Promise<unknown>;
  failedToSave: string;
}

interface Fields {
  name: string;
  description: string;
  prioritized: boolean;
  status: KeywordGroupStatus;
  priority: KeywordGroupPriority | 'auto';
  keywords: PickedKeyword[];
}

const EMPTY: Fields = {
  name: '',
  description: '',
  prioritized: false,
  status: 'pending',
  priority: 'auto',
  keywords: [],
};

function fieldsOf(group: KeywordGroupRow): Fields {
  const primary =
    group.primary_keyword_id === null || group.primary_keyword === null
      ? []
      : [{ id: group.primary_keyword_id, keyword_text: group.primary_keyword }];
  return {
    name: group.name,
    description: group.description ?? '',
    prioritized: group.is_prioritized,
    status: group.status,
    // A priority nobody chose follows the score: the dialog says so instead of freezing today's value.
    priority: group.priority_set_by_hand ? group.priority : 'auto',
    keywords: [
      ...primary,
      ...group.secondary_keywords_ids.map((id, i) => ({
        id,
        keyword_text: group.secondary_keywords[i] ?? '',
      })),
    ],
  };
}

/**
 * Create or edit a keyword group (doc2 §5: name required; description and the prioritized flag optional)
 * with its keywords: the first chosen is the primary keyword unless another is starred.
 */
export function KeywordGroupDialog({
  open,
  onOpenChange,
  group,
  websites,
  onAdd,
  onSave,
  failedToSave,
}: Props) {
  const { t } = useLingui();
  const prioritizedId = useId();
  const editing = group !== null;
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<{ name?: string; description?: string; keywords?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFailure(null);
    setFields(group ? fieldsOf(group) : EMPTY);
  }, [open, group]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const [primary, ...secondary] = fields.keywords;
    const body = {
      name: fields.name,
      description: fields.description.trim() || null,
      is_prioritized: fields.prioritized,
      status: fields.status,
      priority: fields.priority === 'auto' ? null : fields.priority,
      primary_keyword_id: primary?.id ?? null,
      secondary_keyword_ids: secondary.map((k) => k.id),
    };
    const parsed = editing
      ? updateKeywordGroupInput.safeParse({ ...body, id: group.id })
      : createKeywordGroupInput.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'secondary_keyword_ids' ? 'keywords' : issue.path[0];
        if ((key === 'name' || key === 'description' || key === 'keywords') && !next[key]) {
          next[key] = translateIssue(issue.message);
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      if (editing) await onSave(parsed.data as UpdateKeywordGroupInput);
      else await onAdd(parsed.data as CreateKeywordGroupInput);
      onOpenChange(false);
    } catch (err) {
      // doc2 §8: the dialog shows the error message or 'Failed to save keyword group'.
      setFailure(userMessage(err, { fallback: failedToSave }));
    } finally {
      setSaving(false);
    }
  };

  const makePrimary = (index: number) =>
    setFields((f) => {
      const keywords = [...f.keywords];
      const [picked] = keywords.splice(index, 1);
      return { ...f, keywords: [picked!, ...keywords] };
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            {editing ? <Trans>Edit keyword group</Trans> : <Trans>New keyword group</Trans>}
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Keywords of one topic, written about together. The starred keyword is the primary one; the score
              and keyword count follow from the keywords.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="keyword-group-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t`Name`} error={errors.name} required>
            <Input
              autoComplete="off"
              value={fields.name}
              onChange={(e) => setFields((f) => ({ ...f, name: e.target.value }))}
            />
          </FormField>
          <FormField label={t`Description`} error={errors.description}>
            <Textarea
              rows={2}
              value={fields.description}
              onChange={(e) => setFields((f) => ({ ...f, description: e.target.value }))}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t`Status`}>
              <Select
                value={fields.status}
                onValueChange={(v) => setFields((f) => ({ ...f, status: v as KeywordGroupStatus }))}
                options={[
                  { value: 'pending', label: t`Pending` },
                  { value: 'active', label: t`Active` },
                  { value: 'inactive', label: t`Inactive` },
                  { value: 'used', label: t`Used` },
                ]}
              />
            </FormField>
            <FormField label={t`Priority`}>
              <Select
                value={fields.priority}
                onValueChange={(v) => setFields((f) => ({ ...f, priority: v as Fields['priority'] }))}
                options={[
                  { value: 'auto', label: t`From the score` },
                  { value: 'high', label: t`High` },
                  { value: 'medium', label: t`Medium` },
                  { value: 'low', label: t`Low` },
                ]}
              />
            </FormField>
            <div className="flex items-center gap-2 sm:pt-6">
              <Checkbox
                id={prioritizedId}
                checked={fields.prioritized}
                onCheckedChange={(on) => setFields((f) => ({ ...f, prioritized: on === true }))}
              />
              <Label htmlFor={prioritizedId}>
                <Trans>Prioritized</Trans>
              </Label>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium">
              <Trans>Keywords</Trans>
            </span>
            <KeywordPicker
              label={t`Keywords to add`}
              selected={fields.keywords}
              onChange={(keywords) => setFields((f) => ({ ...f, keywords }))}
              websites={websites}
              error={errors.keywords}
              chipExtra={(k, i) => (
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-muted"
                  aria-pressed={i === 0}
                  aria-label={
                    i === 0 ? t`${k.keyword_text} is the primary keyword` : t`Make ${k.keyword_text} primary`
                  }
                  onClick={() => makePrimary(i)}
                >
                  <Star
                    className={
                      i === 0 ? 'size-3.5 fill-warning text-warning' : 'size-3.5 text-muted-foreground'
                    }
                    aria-hidden
                  />
                </button>
              )}
            />
          </div>
          {failure && (
            <p role="alert" className="text-sm text-danger-strong">
              {failure}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="keyword-group-form" loading={saving}>
            {editing ? <Trans>Save changes</Trans> : <Trans>Create group</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
