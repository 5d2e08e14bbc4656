import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
} from '@blogfleet/ui';
import {
  createKeywordInput,
  updateKeywordInput,
  type CreateKeywordInput,
  type UpdateKeywordInput,
} from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { translateIssue } from '../../lib/validation-messages';
import type { KeywordRow } from './use-keywords';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The keyword to edit, or null to add one. */
  keyword: KeywordRow | null;
  /** Websites to offer (sites and websites that already have keywords). */
  websites: string[];
  /** The website filter of the page, preset when adding. */
  defaultWebsite?: string;
  onAdd(input: CreateKeywordInput): Promise<void>;
  onSave(input: UpdateKeywordInput): Promise<void>;
}

type Fields = {
  keyword: string;
  website: string;
  volume: string;
  competition: string;
  intent: string;
  score: string;
};

const EMPTY: Fields = {
  keyword: '',
  website: '',
  volume: '',
  competition: 'unknown',
  intent: '0',
  score: '',
};

/** Number inputs: empty stays undefined (the server keeps or computes it), anything else is sent as typed. */
const numberOrUndefined = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** Add keyword (keyword + website, doc2 §5) and edit keyword (text and metrics, score by hand or computed). */
export function KeywordDialog({
  open,
  onOpenChange,
  keyword,
  websites,
  defaultWebsite,
  onAdd,
  onSave,
}: Props) {
  const { t } = useLingui();
  const listId = useId();
  const editing = keyword !== null;
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFields(
      keyword
        ? {
            keyword: keyword.keyword_text,
            website: keyword.target_website,
            volume: keyword.search_volume === null ? '' : String(keyword.search_volume),
            competition: keyword.competition_level ?? 'unknown',
            intent: String(keyword.commercial_intent),
            score: keyword.score_set_by_hand ? String(keyword.score) : '',
          }
        : { ...EMPTY, website: defaultWebsite ?? '' },
    );
  }, [open, keyword, defaultWebsite]);

  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = editing
      ? updateKeywordInput.safeParse({
          id: keyword.id,
          keyword_text: fields.keyword,
          search_volume: fields.volume.trim() === '' ? undefined : fields.volume,
          competition_level: fields.competition === 'unknown' ? undefined : fields.competition,
          commercial_intent: numberOrUndefined(fields.intent),
          // Empty: the score follows the metrics again.
          score: fields.score.trim() === '' ? null : Number(fields.score),
        })
      : createKeywordInput.safeParse({ keyword: fields.keyword, targetWebsite: fields.website });
    if (!parsed.success) {
      const byField: Record<string, keyof Fields> = {
        keyword: 'keyword',
        keyword_text: 'keyword',
        targetWebsite: 'website',
        search_volume: 'volume',
        competition_level: 'competition',
        commercial_intent: 'intent',
        score: 'score',
      };
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = byField[String(issue.path[0])];
        if (field && !next[field]) next[field] = translateIssue(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (editing) await onSave(parsed.data as UpdateKeywordInput);
      else await onAdd(parsed.data as CreateKeywordInput);
      onOpenChange(false);
    } catch {
      // The toast already told the user; the dialog stays open with their input.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{editing ? <Trans>Edit keyword</Trans> : <Trans>Add keyword</Trans>}</DialogTitle>
          <DialogDescription>
            {editing ? (
              <Trans>Correct the text or the metrics. Leave the score empty to compute it from them.</Trans>
            ) : (
              <Trans>A search term you want a website to rank for.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <form id="keyword-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t`Keyword`} error={errors.keyword} required>
            <Input autoComplete="off" value={fields.keyword} onChange={set('keyword')} />
          </FormField>
          {editing ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={t`Search volume`} error={errors.volume} hint={t`Monthly searches`}>
                  <Input inputMode="numeric" value={fields.volume} onChange={set('volume')} />
                </FormField>
                <FormField label={t`Competition`} error={errors.competition}>
                  <Select
                    value={fields.competition}
                    onValueChange={(v) => setFields((f) => ({ ...f, competition: v }))}
                    options={[
                      { value: 'unknown', label: t`Not known` },
                      { value: 'low', label: t`Low` },
                      { value: 'medium', label: t`Medium` },
                      { value: 'high', label: t`High` },
                    ]}
                  />
                </FormField>
                <FormField label={t`Commercial intent`} error={errors.intent} hint={t`0 to 1`}>
                  <Input
                    type="number"
                    min={0}
                    max={1}
                    step={0.01}
                    value={fields.intent}
                    onChange={set('intent')}
                  />
                </FormField>
                <FormField label={t`Score`} error={errors.score} hint={t`0 to 100; empty: computed`}>
                  <Input
                    type="number"
                    min={0}
                    max={100}
                    step={0.01}
                    value={fields.score}
                    onChange={set('score')}
                  />
                </FormField>
              </div>
            </>
          ) : (
            <FormField label={t`Website`} error={errors.website} required hint={t`For example example.com`}>
              <Input
                autoComplete="off"
                spellCheck={false}
                list={listId}
                value={fields.website}
                onChange={set('website')}
              />
            </FormField>
          )}
          <datalist id={listId}>
            {websites.map((w) => (
              <option key={w} value={w} />
            ))}
          </datalist>
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="keyword-form" loading={saving}>
            {editing ? <Trans>Save changes</Trans> : <Trans>Add keyword</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
