import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Select,
  toast,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import type { DomainRow } from './use-domains';

interface Props {
  domain: DomainRow | null;
  onOpenChange(open: boolean): void;
  onMoved(): Promise<unknown>;
}

/** Move to Site (doc2 §2): points an existing site at this domain. */
export function MoveToSiteDialog({ domain, onOpenChange, onMoved }: Props) {
  const { t } = useLingui();
  const [siteId, setSiteId] = useState('');
  const sites = trpc.sites.options.useQuery({}, { enabled: domain !== null });
  const move = trpc.domains.moveToSite.useMutation({
    onSuccess: async ({ domain: moved }) => {
      toast.success(t`${moved.domain_name_unicode} now points at its site`);
      await onMoved();
      onOpenChange(false);
    },
    onError: (err) => toastApiError(err, t`Failed to move domain`),
  });
  useEffect(() => setSiteId(''), [domain]);
  // Sites Blogfleet hosts itself keep their domain; they are listed, but cannot be chosen.
  const options = (sites.data?.sites ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.site_title} (${s.domain_name})`,
    disabled: s.hosted_here,
  }));
  return (
    <Dialog open={domain !== null} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Move to site</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              The chosen site will use {domain?.domain_name_unicode} from now on; its previous domain becomes
              free.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <FormField
          label={t`Site`}
          hint={
            options.length === 0 && !sites.isLoading
              ? t`No sites yet.`
              : t`Sites created here keep their domain.`
          }
        >
          <Select
            aria-label={t`Site`}
            value={siteId}
            onValueChange={setSiteId}
            placeholder={t`Choose a site`}
            options={options}
            disabled={options.length === 0}
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            disabled={!siteId || !domain}
            loading={move.isPending}
            onClick={() => domain && move.mutate({ id: domain.id, siteId: Number(siteId) })}
          >
            <Trans>Move</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
