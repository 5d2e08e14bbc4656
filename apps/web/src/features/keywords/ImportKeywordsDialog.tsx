import type { RouterOutputs } from '@blogfleet/api';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Textarea,
  toast,
} from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';

type Preview = RouterOutputs['keywords']['import'];

/** Rows with a problem past the preview's first rows: listed too, so every problem can be seen. */
const laterProblems = (p: Preview) => {
  const shown = new Set(p.preview.map((r) => r.line));
  return p.errors.filter((r) => !shown.has(r.line));
};

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  websites: string[];
  defaultWebsite?: string;
}

/** Import keywords: paste or upload a CSV, see each row's fate (new, already there, why not), then add. */
export function ImportKeywordsDialog({ open, onOpenChange, websites, defaultWebsite }: Props) {
  const { t } = useLingui();
  const listId = useId();
  const utils = trpc.useUtils();
  const [csv, setCsv] = useState('');
  const [website, setWebsite] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = trpc.keywords.import.useMutation();

  useEffect(() => {
    if (!open) return;
    setCsv('');
    setWebsite(defaultWebsite ?? '');
    setPreview(null);
    setFailure(null);
  }, [open, defaultWebsite]);

  const send = async (dryRun: boolean) => {
    setFailure(null);
    try {
      const answer = await run.mutateAsync({ csv, targetWebsite: website.trim() || undefined, dryRun });
      if (dryRun) setPreview(answer);
      else {
        toast.success(
          t({ message: plural(answer.created, { one: '# keyword imported', other: '# keywords imported' }) }),
        );
        onOpenChange(false);
        await Promise.all([utils.keywords.list.invalidate(), utils.keywords.websites.invalidate()]);
      }
    } catch (err) {
      setFailure(userMessage(err, { fallback: t`Failed to add keyword` }));
    }
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setCsv(await file.text());
    setPreview(null);
  };

  const statusBadge = (row: Preview['preview'][number]) =>
    row.status === 'new' ? (
      <Badge variant="success">
        <Trans>New</Trans>
      </Badge>
    ) : row.status === 'exists' ? (
      <Badge variant="neutral">
        <Trans>Already there</Trans>
      </Badge>
    ) : (
      <Badge variant="danger">
        <Trans>Error</Trans>
      </Badge>
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Import keywords</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              A CSV with a header naming keyword and any of website, search_volume, competition, cpc,
              keyword_difficulty, commercial_intent — or one keyword per line. You see every row before
              anything is added.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <FormField label={t`CSV`}>
            <Textarea
              rows={6}
              className="font-mono text-xs"
              value={csv}
              spellCheck={false}
              onChange={(e) => {
                setCsv(e.target.value);
                setPreview(null);
              }}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Or upload a file`}>
              <Input
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                onChange={(e) => void readFile(e.target.files?.[0])}
              />
            </FormField>
            <FormField label={t`Website`} hint={t`For rows without a website column`}>
              <Input
                autoComplete="off"
                spellCheck={false}
                list={listId}
                value={website}
                onChange={(e) => {
                  setWebsite(e.target.value);
                  setPreview(null);
                }}
              />
            </FormField>
            <datalist id={listId}>
              {websites.map((w) => (
                <option key={w} value={w} />
              ))}
            </datalist>
          </div>
          {preview && (
            <div className="flex flex-col gap-2" aria-live="polite">
              <p className="text-sm" data-testid="import-counts">
                <Trans>
                  <Plural value={preview.counts.rows} one="# row" other="# rows" />:{' '}
                  {formatNumber(preview.counts.new)} new, {formatNumber(preview.counts.exists)} already there,{' '}
                  {formatNumber(preview.counts.errors)} with problems.
                </Trans>
              </p>
              {preview.counts.rows > preview.preview.length && (
                <p className="text-xs text-muted-foreground">
                  <Trans>
                    Showing the first {formatNumber(preview.preview.length)} rows and every row with a
                    problem.
                  </Trans>
                </p>
              )}
              <div className="max-h-64 overflow-auto rounded-md border border-border">
                <table className="w-full text-sm">
                  <caption className="sr-only">{t`Import preview`}</caption>
                  <thead className="sticky top-0 bg-surface text-left text-xs text-muted-foreground">
                    <tr>
                      <th className="px-2 py-1 font-medium">{t`Line`}</th>
                      <th className="px-2 py-1 font-medium">{t`Keyword`}</th>
                      <th className="hidden px-2 py-1 font-medium sm:table-cell">{t`Website`}</th>
                      <th className="px-2 py-1 text-right font-medium">{t`Volume`}</th>
                      <th className="px-2 py-1 font-medium">{t`Status`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...preview.preview, ...laterProblems(preview)].map((r) => (
                      <tr key={r.line} className="border-t border-border align-top">
                        <td className="px-2 py-1 tabular-nums">{r.line}</td>
                        <td className="px-2 py-1 break-words">
                          {r.keyword || '—'}
                          {r.error && <div className="text-xs text-danger-strong">{r.error}</div>}
                        </td>
                        <td className="hidden px-2 py-1 break-all sm:table-cell">{r.website || '—'}</td>
                        <td className="px-2 py-1 text-right tabular-nums">
                          {r.search_volume === null ? '—' : formatNumber(r.search_volume)}
                        </td>
                        <td className="px-2 py-1">{statusBadge(r)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
          {failure && (
            <p role="alert" className="text-sm text-danger-strong">
              {failure}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          {preview ? (
            <Button
              type="button"
              disabled={preview.counts.new === 0}
              loading={run.isPending}
              onClick={() => void send(false)}
            >
              <Plural value={preview.counts.new} one="Import # keyword" other="Import # keywords" />
            </Button>
          ) : (
            <Button
              type="button"
              disabled={csv.trim() === ''}
              loading={run.isPending}
              onClick={() => void send(true)}
            >
              <Trans>Preview</Trans>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
