import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  toast,
} from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { KeywordPicker, type PickedKeyword } from '../keywords/KeywordPicker';

interface Props {
  siteId: number;
  domain: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** core §2 keywords tab: unassigned keywords (search, metrics, multi-select) assigned to the site. */
export function AssignKeywordsDialog({ siteId, domain, open, onOpenChange }: Props) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const websites = trpc.keywords.websites.useQuery(undefined, { enabled: open });
  const [selected, setSelected] = useState<PickedKeyword[]>([]);
  const [error, setError] = useState<string | undefined>();
  const assign = trpc.sites.assignKeywords.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(
        t({
          message: plural(changed, {
            one: `# keyword assigned to ${domain}`,
            other: `# keywords assigned to ${domain}`,
          }),
        }),
      );
      onOpenChange(false);
      await Promise.all([utils.sites.keywords.invalidate({ id: siteId }), utils.keywords.list.invalidate()]);
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Error assigning keywords` })),
  });
  useEffect(() => {
    if (!open) return;
    setSelected([]);
    setError(undefined);
  }, [open]);
  const known = (websites.data?.websites ?? []).map((w) => w.target_website);

  const submit = () => {
    if (selected.length === 0) {
      setError(t`Please select at least one keyword`);
      return;
    }
    assign.mutate({ id: siteId, keywordIds: selected.map((k) => k.id), status: 'active' });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Assign keywords</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Keywords no site has yet. The ones you pick are assigned to {domain}.</Trans>
          </DialogDescription>
        </DialogHeader>
        <KeywordPicker
          // Mounted again once the websites are known, so the site's own website is the first filter.
          key={websites.isSuccess ? 'ready' : 'loading'}
          label={t`Unassigned keywords`}
          selected={selected}
          onChange={(next) => {
            setSelected(next);
            if (next.length > 0) setError(undefined);
          }}
          websites={known}
          defaultWebsite={known.includes(domain) ? domain : undefined}
          filter={{ unassigned: 'true' }}
          error={error}
        />
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="button" loading={assign.isPending} onClick={submit}>
            <Plural value={selected.length} one="Assign # keyword" other="Assign # keywords" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
