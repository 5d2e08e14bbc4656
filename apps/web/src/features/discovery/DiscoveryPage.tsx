import { Alert, Button, Card, CardContent, DataTable, toast } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RowSelectionState } from '@tanstack/react-table';
import { Plus, RefreshCw, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { DISCOVERY_FORM_DEFAULTS, DiscoveryForm, type DiscoveryFormValues } from './DiscoveryForm';
import { useIdeaColumns } from './idea-columns';
import { useDiscovery, type DiscoverRequest } from './use-discovery';

function request(values: DiscoveryFormValues, newOnly: boolean, language: 'en' | 'tr'): DiscoverRequest {
  return {
    language,
    targetWebsite: values.targetWebsite.trim(),
    prompt: values.prompt.trim() || undefined,
    customTlds: values.tlds,
    sampleDomains: values.sampleDomains
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    cheapDomainsOnly: values.cheapDomainsOnly,
    maxPrice: values.maxPrice,
    searchLimit: values.searchLimit,
    prefixSuffixList: values.words,
    newOnly,
  };
}

/** /domain-discovery (doc2 §2): find names for a target website, then add or buy the chosen ones. */
export function DiscoveryPage() {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState(DISCOVERY_FORM_DEFAULTS);
  const [selection, setSelection] = useState<RowSelectionState>({});
  // What the shown results were found for (adding uses it, not a target edited since).
  const [shownFor, setShownFor] = useState('');
  const discovery = useDiscovery();
  const targets = trpc.domains.targets.useQuery();
  const columns = useIdeaColumns();
  const ideas = discovery.result?.allIdeas ?? [];
  const selected = ideas.filter((i) => selection[i.domain]).map((i) => i.domain);

  const run = async (newOnly: boolean) => {
    if (!values.targetWebsite.trim()) {
      toast.error(t`Target website is required`);
      return;
    }
    try {
      await discovery.discover(request(values, newOnly, i18n.locale === 'tr' ? 'tr' : 'en'));
      setShownFor(values.targetWebsite.trim());
      setSelection({});
    } catch {
      // The hook's toast says why (no new ideas, failed to connect, …).
    }
  };
  const act = async (buy: boolean) => {
    if (selected.length === 0) {
      toast.error(t`Select domains to add`);
      return;
    }
    try {
      if (buy) await discovery.buySelected(shownFor, selected);
      else await discovery.addSelected(shownFor, selected);
      setSelection({});
    } catch {
      // Toasted.
    }
  };
  const stats = discovery.result?.stats;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        <Trans>Domain discovery</Trans>
      </h1>
      <Card>
        <CardContent className="pt-6">
          <DiscoveryForm
            values={values}
            onChange={setValues}
            onSubmit={() => void run(false)}
            busy={discovery.discovering}
            targets={(targets.data?.targets ?? []).map((x) => x.target_website)}
          />
        </CardContent>
      </Card>

      {discovery.result && (
        <section className="flex flex-col gap-4" aria-label={t`Domain ideas`}>
          <dl className="grid grid-cols-3 gap-3" data-testid="discovery-stats">
            {[
              [t`Ideas`, stats?.totalIdeas],
              [t`Checked`, stats?.checkedDomains],
              [t`Available`, stats?.availableDomains],
            ].map(([label, value]) => (
              <div key={String(label)} className="rounded-lg border border-border bg-surface p-3">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {discovery.result.registrar === null && (
            <Alert tone="info">
              <Trans>
                No registrar is set up: availability is unknown and prices are list prices. An admin can add
                one in Settings → Integrations → Domain registrar.
              </Trans>
            </Alert>
          )}
          <DataTable
            aria-label={t`Domain ideas`}
            columns={columns}
            data={ideas}
            getRowId={(i) => i.domain}
            rowLabel={(i) => i.domain_unicode}
            rowAttributes={(row) => ({ 'data-testid': `idea-row-${row.original.domain}` })}
            selectable
            rowSelection={selection}
            onRowSelectionChange={setSelection}
            enableSorting={false}
            pageSizeOptions={[20, 50, 100]}
            emptyMessage={t`No ideas match these filters.`}
            toolbar={
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  onClick={() => void act(false)}
                  loading={discovery.adding}
                  disabled={selected.length === 0}
                >
                  <Plus className="size-4" aria-hidden />
                  <Trans>Add selected ({selected.length})</Trans>
                </Button>
                <Button
                  variant="outline"
                  onClick={() => void act(true)}
                  loading={discovery.buying}
                  disabled={selected.length === 0}
                >
                  <ShoppingCart className="size-4" aria-hidden />
                  <Trans>Buy selected ({selected.length})</Trans>
                </Button>
                <Button variant="ghost" onClick={() => void run(true)} loading={discovery.discovering}>
                  <RefreshCw className="size-4" aria-hidden />
                  <Trans>Find new ideas</Trans>
                </Button>
              </div>
            }
          />
        </section>
      )}
    </div>
  );
}
