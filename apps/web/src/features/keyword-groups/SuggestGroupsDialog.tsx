import type { RouterOutputs } from '@blogfleet/api';
import {
  Badge,
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
  Select,
  Spinner,
  toast,
} from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';

type Suggested = RouterOutputs['keywordGroups']['suggest']['groups'][number];
interface Draft extends Suggested {
  include: boolean;
}

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  websites: string[];
  defaultWebsite?: string;
}

/**
 * "Suggest groups": the website's ungrouped keywords clustered by the terms they share, as a preview the
 * user trims (names, keywords, which groups) before anything is created.
 */
export function SuggestGroupsDialog({ open, onOpenChange, websites, defaultWebsite }: Props) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [website, setWebsite] = useState('');
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const suggest = trpc.keywordGroups.suggest.useQuery(
    { targetWebsite: website },
    // No refetch behind the user's back: a new answer would replace the drafts they are editing.
    { enabled: open && website !== '', staleTime: 0, gcTime: 0, refetchOnWindowFocus: false },
  );
  const create = trpc.keywordGroups.bulkCreate.useMutation({
    onSuccess: async ({ groups }) => {
      toast.success(
        t({
          message: plural(groups.length, {
            one: '# keyword group created',
            other: '# keyword groups created',
          }),
        }),
      );
      onOpenChange(false);
      await Promise.all([utils.keywordGroups.invalidate(), utils.keywords.list.invalidate()]);
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to save keyword group` })),
  });

  // Chosen once per opening: the page re-rendering (a new websites array) must not undo the user's choice.
  const initial = defaultWebsite ?? websites[0] ?? '';
  useEffect(() => {
    if (open) setWebsite('');
  }, [open]);
  useEffect(() => {
    if (open && website === '' && initial) setWebsite(initial);
  }, [open, website, initial]);
  useEffect(() => {
    setDrafts((suggest.data?.groups ?? []).map((g) => ({ ...g, include: true })));
  }, [suggest.data]);

  const patch = (i: number, change: Partial<Draft>) =>
    setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...change } : d)));
  const dropKeyword = (i: number, id: number) =>
    setDrafts((all) =>
      all.map((d, j) => {
        if (j !== i) return d;
        const keywords = d.keywords.filter((k) => k.id !== id);
        return { ...d, keywords, include: d.include && keywords.length > 0 };
      }),
    );
  const chosen = drafts.filter((d) => d.include && d.keywords.length > 0 && d.name.trim() !== '');

  const accept = () =>
    create.mutate({
      groups: chosen.map((d) => {
        const [primary, ...rest] = d.keywords;
        return {
          name: d.name.trim(),
          primary_keyword_id: primary!.id,
          secondary_keyword_ids: rest.map((k) => k.id),
        };
      }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Suggest keyword groups</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Keywords of a website that are in no group yet, grouped by the words they share. Rename, remove
              keywords or leave groups out, then create the ones you keep.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <FormField label={t`Website`}>
          <Select
            value={website}
            onValueChange={setWebsite}
            placeholder={t`Select a website`}
            options={websites.map((w) => ({ value: w, label: w }))}
          />
        </FormField>
        <div className="flex flex-col gap-3" aria-live="polite">
          {website === '' ? null : suggest.isLoading ? (
            <Spinner size="sm" label={t`Grouping keywords…`} />
          ) : suggest.isError ? (
            <p className="text-sm text-danger-strong">
              {userMessage(suggest.error, { fallback: t`Failed to fetch keywords` })}
            </p>
          ) : drafts.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>
                No two ungrouped keywords of this website share a word, so there is nothing to suggest.
              </Trans>
            </p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">
                <Trans>
                  <Plural value={drafts.length} one="# group" other="# groups" /> from{' '}
                  <Plural
                    value={suggest.data!.considered}
                    one="# ungrouped keyword"
                    other="# ungrouped keywords"
                  />
                  ; {suggest.data!.ungrouped} fit no group.
                </Trans>{' '}
                {suggest.data!.source === 'model' ? (
                  <Trans>Grouped by the AI model; what it left out by the words the keywords share.</Trans>
                ) : (
                  <Trans>Grouped by the words the keywords share.</Trans>
                )}
              </p>
              {suggest.data!.model_error && (
                <p role="status" className="text-sm text-warning-strong">
                  <Trans>The AI model could not group them: {suggest.data!.model_error}</Trans>
                </p>
              )}
              <ul className="flex flex-col gap-3">
                {drafts.map((d, i) => (
                  <li
                    key={d.term}
                    className="flex flex-col gap-2 rounded-md border border-border p-3"
                    data-testid={`suggested-group-${d.term}`}
                  >
                    <div className="flex items-center gap-3">
                      <Checkbox
                        checked={d.include}
                        disabled={d.keywords.length === 0}
                        aria-label={t`Create ${d.name}`}
                        onCheckedChange={(on) => patch(i, { include: on === true })}
                      />
                      <Input
                        className="flex-1"
                        aria-label={t`Name of the group about “${d.term}”`}
                        value={d.name}
                        onChange={(e) => patch(i, { name: e.target.value })}
                      />
                    </div>
                    <ul className="flex flex-wrap gap-1.5">
                      {d.keywords.map((k, n) => (
                        <li key={k.id}>
                          <Badge
                            variant={n === 0 ? 'primary' : 'outline'}
                            className="gap-1 py-1 pr-1 text-sm font-normal whitespace-normal"
                          >
                            <span className="break-all">{k.keyword_text}</span>
                            <button
                              type="button"
                              className="rounded-full p-0.5 hover:bg-muted"
                              aria-label={t`Remove ${k.keyword_text} from ${d.name}`}
                              onClick={() => dropKeyword(i, k.id)}
                            >
                              <X className="size-3.5" aria-hidden />
                            </button>
                          </Badge>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="button" disabled={chosen.length === 0} loading={create.isPending} onClick={accept}>
            <Plural value={chosen.length} one="Create # group" other="Create # groups" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
