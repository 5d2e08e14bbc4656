import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Select,
  toast,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import type { DomainRow } from './use-domains';

interface Props {
  /** The selected domains; used ones are listed as not movable. */
  domains: DomainRow[] | null;
  onOpenChange(open: boolean): void;
  onMoved(): Promise<unknown>;
}

/** Bulk move (doc2 §2): a site for each selected domain, each site at most once. */
export function BulkMoveDialog({ domains, onOpenChange, onMoved }: Props) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<Record<number, string>>({});
  const sites = trpc.sites.options.useQuery({}, { enabled: domains !== null });
  const move = trpc.domains.bulkMoveToSite.useMutation();
  useEffect(() => setChoice({}), [domains]);
  const movable = (domains ?? []).filter((d) => !d.is_used);
  const chosen = new Set(Object.values(choice).filter(Boolean));
  const moves = movable
    .filter((d) => choice[d.id])
    .map((d) => ({ domainId: d.id, siteId: Number(choice[d.id]) }));

  const submit = async () => {
    try {
      const { moved, failed } = await move.mutateAsync({ moves });
      await onMoved();
      if (moved.length > 0) toast.success(t`${moved.length} domains moved to their sites`);
      if (failed.length > 0) {
        const names = new Map(movable.map((d) => [d.id, d.domain_name_unicode]));
        const list = failed.map((f) => `${names.get(f.domainId) ?? f.domainId} (${f.reason})`).join('; ');
        toast.error(t`Failed to move some domains: ${list}`);
      } else onOpenChange(false);
    } catch (err) {
      toastApiError(err, t`Failed to move some domains`);
    }
  };

  return (
    <Dialog open={domains !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Move domains to sites</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Each chosen site uses its new domain from now on; its previous domain becomes free.</Trans>
          </DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-3">
          {(domains ?? []).map((d) => (
            <li key={d.id} className="grid gap-2 sm:grid-cols-[1fr_16rem] sm:items-center">
              <span className="font-medium break-all">{d.domain_name_unicode}</span>
              {d.is_used ? (
                <span className="text-sm text-muted-foreground">
                  <Trans>Used by a site; not moved</Trans>
                </span>
              ) : (
                <Select
                  aria-label={t`Site for ${d.domain_name_unicode}`}
                  placeholder={t`Choose a site`}
                  value={choice[d.id] ?? ''}
                  onValueChange={(v) => setChoice((c) => ({ ...c, [d.id]: v }))}
                  options={(sites.data?.sites ?? []).map((s) => ({
                    value: String(s.id),
                    label: `${s.site_title} (${s.domain_name})`,
                    // Sites hosted here keep their domain; a site takes one domain.
                    disabled: s.hosted_here || (chosen.has(String(s.id)) && choice[d.id] !== String(s.id)),
                  }))}
                />
              )}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button disabled={moves.length === 0} loading={move.isPending} onClick={() => void submit()}>
            <Trans>Move {moves.length}</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
