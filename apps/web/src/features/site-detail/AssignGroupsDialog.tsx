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
  Input,
  Spinner,
  toast,
} from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { tenPointVariant } from '../../lib/score';
import { trpc } from '../../lib/trpc';

interface Props {
  siteId: number;
  domain: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * core §2 keywords tab, keyword group dialog: groups chosen by search and assigned to the site with
 * their keywords (one assign call per group, core §7); groups it already has are shown as such.
 */
export function AssignGroupsDialog({ siteId, domain, open, onOpenChange }: Props) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (!open) return;
    setSelected([]);
    setError(undefined);
    setText('');
  }, [open]);
  const groups = trpc.keywordGroups.list.useQuery(
    { search: search || undefined, limit: 50, sort: 'name', order: 'asc' },
    { enabled: open, placeholderData: keepPreviousData },
  );
  const assign = trpc.keywordGroups.assign.useMutation();

  const submit = async () => {
    if (selected.length === 0) {
      setError(t`Please select at least one keyword group`);
      return;
    }
    setSaving(true);
    try {
      for (const id of selected) await assign.mutateAsync({ id, websiteId: siteId, status: 'active' });
      toast.success(
        t({
          message: plural(selected.length, {
            one: `# keyword group assigned to ${domain}`,
            other: `# keyword groups assigned to ${domain}`,
          }),
        }),
      );
      onOpenChange(false);
    } catch (err) {
      toast.error(userMessage(err, { fallback: t`Error assigning keyword groups` }));
    } finally {
      setSaving(false);
      await Promise.all([utils.keywordGroups.invalidate(), utils.sites.keywords.invalidate({ id: siteId })]);
    }
  };

  const rows = groups.data?.data ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Assign keyword groups</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>The groups you pick are assigned to {domain}, with their keywords.</Trans>
          </DialogDescription>
        </DialogHeader>
        <Input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t`Search groups`}
          aria-label={t`Search groups`}
        />
        <div
          className="max-h-72 overflow-y-auto rounded-md border border-border"
          role="group"
          aria-label={t`Keyword groups`}
        >
          {groups.isLoading ? (
            <div className="flex justify-center p-4">
              <Spinner size="sm" label={t`Loading…`} />
            </div>
          ) : groups.isError ? (
            <p className="p-3 text-sm text-danger-strong">
              {userMessage(groups.error, { fallback: t`Failed to fetch keyword groups` })}
            </p>
          ) : rows.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">
              <Trans>No keyword groups found.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {rows.map((g) => {
                const has = g.sites.some((s) => s.id === siteId);
                return (
                  <li key={g.id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted/60">
                      <Checkbox
                        checked={has || selected.includes(g.id)}
                        disabled={has}
                        onCheckedChange={(on) => {
                          setSelected((s) => (on === true ? [...s, g.id] : s.filter((x) => x !== g.id)));
                          if (on === true) setError(undefined);
                        }}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block break-words">{g.name}</span>
                        <span className="block text-xs text-muted-foreground">
                          <Plural value={g.keyword_count} one="# keyword" other="# keywords" />
                          {has && (
                            <>
                              {' · '}
                              <Trans>already assigned</Trans>
                            </>
                          )}
                        </span>
                      </span>
                      <Badge variant={tenPointVariant(g.score)} className="tabular-nums">
                        {formatNumber(g.score, { maximumFractionDigits: 1 })}/10
                      </Badge>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger-strong">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="button" loading={saving} onClick={() => void submit()}>
            <Plural value={selected.length} one="Assign # group" other="Assign # groups" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
