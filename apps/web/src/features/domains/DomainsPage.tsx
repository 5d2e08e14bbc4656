import {
  Alert,
  Button,
  ConfirmDialog,
  DataTable,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Select,
  Spinner,
  useStatusLabel,
} from '@blogfleet/ui';
import { domainStatuses } from '@blogfleet/validators/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { ChevronDown, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { useCurrentUser } from '../../lib/auth';
import { useListUrl } from '../../lib/use-list-url';
import { ListSearchBox } from '../shell/ListSearchBox';
import { formatPrice, useDomainColumns } from './domain-columns';
import { BulkMoveDialog } from './BulkMoveDialog';
import { CreateSiteDialog } from './CreateSiteDialog';
import { CredentialsDialog } from './CredentialsDialog';
import { DomainDialog } from './DomainDialog';
import { MoveToSiteDialog } from './MoveToSiteDialog';
import { useSiteCreation } from './use-site-creation';
import { domainsQuery, type DomainsSearch } from './domains-search';
import { useDomains, type DomainRow } from './use-domains';

const route = getRouteApi('/_app/domains');

type Pending =
  | { kind: 'buy'; domain: DomainRow }
  | { kind: 'reset-dns'; domain: DomainRow }
  | { kind: 'delete'; domain: DomainRow }
  | { kind: 'delete-site'; domain: DomainRow }
  | { kind: 'bulk-delete'; ids: number[] }
  | { kind: 'bulk-buy'; ids: number[] }
  | { kind: 'bulk-reset-dns'; ids: number[] };

export function DomainsPage() {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = domainsQuery(search);
  const domains = useDomains(query);
  const [editing, setEditing] = useState<DomainRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [creatingFor, setCreatingFor] = useState<DomainRow | null>(null);
  const [movingDomain, setMovingDomain] = useState<DomainRow | null>(null);
  const [bulkMoving, setBulkMoving] = useState<DomainRow[] | null>(null);
  const creator = useSiteCreation(domains.refresh);
  const isAdmin = useCurrentUser().role === 'admin';
  const { revealCredentials } = creator;

  const { setSearch, searchText, setSearchText, tableProps } = useListUrl(search, navigate);
  useEffect(
    () => setSelection({}),
    [query.page, query.limit, query.search, query.status, query.target_website, query.sort, query.order],
  );

  const rows = domains.list.data?.data ?? [];
  const pagination = domains.list.data?.meta.pagination;
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);

  const { setupDns } = domains;
  // Bought domains are left out of a bulk purchase.
  const buyableIds = rows.filter((d) => selection[String(d.id)] && d.status !== 'purchased').map((d) => d.id);
  // doc2 §4: DNS only for bought domains no site uses.
  const dnsIds = rows
    .filter((d) => selection[String(d.id)] && d.status === 'purchased' && !d.is_used)
    .map((d) => d.id);
  const selectedRows = rows.filter((d) => selection[String(d.id)]);
  const actions = useMemo(
    () => ({
      pendingPurchaseId: domains.pendingPurchaseId,
      pendingDnsId: domains.pendingDnsId,
      onBuy: (domain: DomainRow) => setPending({ kind: 'buy', domain }),
      // Setting up is safe to repeat and changes nothing the user has; it needs no confirmation.
      onSetupDns: (domain: DomainRow) => void setupDns({ domainId: domain.id }).catch(() => undefined),
      onResetDns: (domain: DomainRow) => setPending({ kind: 'reset-dns', domain }),
      onEdit: (domain: DomainRow) => {
        setEditing(domain);
        setDialogOpen(true);
      },
      onDelete: (domain: DomainRow) => setPending({ kind: 'delete', domain }),
      onCreateSite: (domain: DomainRow) => setCreatingFor(domain),
      onDeleteSite: (domain: DomainRow) => setPending({ kind: 'delete-site', domain }),
      onMoveToSite: (domain: DomainRow) => setMovingDomain(domain),
      ...(isAdmin
        ? {
            onShowCredentials: (domain: DomainRow) =>
              void revealCredentials(domain.id, domain.domain_name_unicode).catch(() => undefined),
          }
        : {}),
    }),
    [domains.pendingPurchaseId, domains.pendingDnsId, setupDns, isAdmin, revealCredentials],
  );
  const columns = useDomainColumns(actions);

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'buy') {
        // The confirmation closes at once; the row shows the purchase running and a toast its end.
        setPending(null);
        await domains.purchase(pending.domain.id);
        return;
      }
      if (pending.kind === 'bulk-buy') {
        await domains.bulkPurchase(pending.ids);
        setSelection({});
        setPending(null);
        return;
      }
      if (pending.kind === 'bulk-reset-dns') {
        await domains.bulkResetDns(pending.ids);
        setSelection({});
        setPending(null);
        return;
      }
      if (pending.kind === 'delete-site') {
        await creator.remove(pending.domain.domain_name);
        setPending(null);
        return;
      }
      if (pending.kind === 'reset-dns') {
        await domains.resetDns(pending.domain.id);
        setPending(null);
        return;
      }
      if (pending.kind === 'delete') await domains.remove(pending.domain.id);
      else {
        await domains.bulkDelete(pending.ids);
        setSelection({});
      }
      setPending(null);
    } catch {
      // The mutation's toast explains the failure; the dialog stays for another try.
    }
  };

  const confirmation =
    pending?.kind === 'bulk-reset-dns'
      ? {
          title: t`Reset DNS of ${pending.ids.length} domains?`,
          description: t`This removes the current DNS provider configuration of each: its Cloudflare zone and all its records. The job panel follows the changes.`,
          confirmLabel: t`Reset DNS`,
        }
      : pending?.kind === 'bulk-buy'
        ? {
            title: t`Buy ${pending.ids.length} domains?`,
            description: t`Each one is checked with the registrar (price, availability, your balance) and bought for one year if both allow it. The job panel follows the purchases.`,
            confirmLabel: t`Buy`,
          }
        : pending?.kind === 'reset-dns'
          ? {
              title: t`Reset DNS of ${pending.domain.domain_name_unicode}?`,
              description: t`This removes the current DNS provider configuration: the Cloudflare zone and all its records. The site stops answering under this name until DNS is set up again.`,
              confirmLabel: t`Reset DNS`,
            }
          : pending?.kind === 'buy'
            ? {
                title: t`Buy ${pending.domain.domain_name_unicode}?`,
                description:
                  pending.domain.estimated_price !== null
                    ? t`The registrar is asked for the current price (about ${formatPrice(pending.domain.estimated_price)}) and your balance first; the domain is bought for one year only if both allow it.`
                    : t`The registrar is asked for the current price and your balance first; the domain is bought for one year only if both allow it.`,
                confirmLabel: t`Buy`,
              }
            : pending?.kind === 'delete-site'
              ? {
                  title: t`Delete the WordPress site of ${pending.domain.domain_name_unicode}?`,
                  description: t`The site, its database and its files are removed from the hosting target. Its record in Blogfleet stays, inactive. This cannot be undone.`,
                  confirmLabel: t`Delete WP`,
                }
              : pending?.kind === 'delete'
                ? {
                    title: t`Delete domain?`,
                    description: t`${pending.domain.domain_name_unicode} will be removed from your list. This cannot be undone.`,
                    confirmLabel: t`Delete`,
                  }
                : pending?.kind === 'bulk-delete'
                  ? {
                      title: t`Delete ${pending.ids.length} domains?`,
                      description: t`They will be removed from your list. This cannot be undone.`,
                      confirmLabel: t`Delete`,
                    }
                  : { title: '', description: '', confirmLabel: '' };

  const targets = domains.targets.data?.targets ?? [];
  const filtered = Boolean(search.search || search.status || search.target_website);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          <Trans>Domains</Trans>
        </h1>
        <Button
          className="h-10 md:h-9"
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          <Plus className="size-4" aria-hidden />
          <Trans>Add domain</Trans>
        </Button>
      </div>

      {domains.list.isError ? (
        <Alert>{userMessage(domains.list.error, { fallback: t`Failed to fetch domains` })}</Alert>
      ) : null}

      <DataTable
        aria-label={t`Domains`}
        columns={columns}
        data={rows}
        getRowId={(d) => String(d.id)}
        rowLabel={(d) => d.domain_name_unicode}
        rowAttributes={(row) => ({ 'data-testid': `domain-row-${row.original.domain_name}` })}
        loading={domains.list.isLoading}
        selectable
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        {...tableProps({ ...query, limit: query.limit ?? 20 }, pagination)}
        emptyMessage={
          filtered ? t`No domains match these filters.` : t`No domains yet. Add one you own or want to buy.`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={setSearchText}
              placeholder={t`Search by domain or target website`}
              label={t`Search domains`}
            />
            <div className="w-[calc(50%-0.25rem)] sm:w-40">
              <Select
                aria-label={t`Status`}
                value={query.status ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ status: v === 'all' ? undefined : (v as DomainsSearch['status']) })
                }
                options={[
                  { value: 'all', label: t`All statuses` },
                  ...domainStatuses.map((s) => ({ value: s, label: statusLabel(s) })),
                ]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-52">
              <Select
                aria-label={t`Target website`}
                value={query.target_website ?? 'all'}
                onValueChange={(v) => void setSearch({ target_website: v === 'all' ? undefined : v })}
                options={[
                  { value: 'all', label: t`All target websites` },
                  ...targets.map((x) => ({
                    value: x.target_website,
                    label: `${x.target_website} (${x.domains})`,
                  })),
                  // A target typed into the URL stays selectable even when no domain uses it any more.
                  ...(query.target_website && !targets.some((x) => x.target_website === query.target_website)
                    ? [{ value: query.target_website, label: query.target_website }]
                    : []),
                ]}
              />
            </div>
            {selectedIds.length > 0 && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" className="h-10 md:h-9" disabled={domains.bulkPending}>
                    <Trans>{selectedIds.length} selected</Trans>
                    <ChevronDown className="size-4" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="start">
                  <DropdownMenuItem
                    className="min-h-10"
                    disabled={buyableIds.length === 0}
                    onSelect={() => setPending({ kind: 'bulk-buy', ids: buyableIds })}
                  >
                    <Trans>Buy</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    disabled={dnsIds.length === 0}
                    onSelect={() => {
                      void domains.bulkSetupDns(dnsIds).then(
                        () => setSelection({}),
                        () => undefined,
                      );
                    }}
                  >
                    <Trans>Setup DNS</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    disabled={dnsIds.length === 0}
                    onSelect={() => setPending({ kind: 'bulk-reset-dns', ids: dnsIds })}
                  >
                    <Trans>Reset DNS</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem className="min-h-10" onSelect={() => setBulkMoving(selectedRows)}>
                    <Trans>Move to sites</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10 text-danger-strong"
                    onSelect={() => setPending({ kind: 'bulk-delete', ids: selectedIds })}
                  >
                    <Trans>Delete</Trans>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            {domains.list.isFetching && !domains.list.isLoading && <Spinner size="sm" label={t`Loading…`} />}
          </>
        }
      />

      <DomainDialog open={dialogOpen} onOpenChange={setDialogOpen} domain={editing} onSave={domains.save} />
      <CreateSiteDialog
        domain={creatingFor}
        onOpenChange={(open) => !open && setCreatingFor(null)}
        onCreate={creator.create}
        onGenerate={creator.generate}
        generating={creator.generating}
      />
      <CredentialsDialog
        credentials={creator.credentials}
        revealedFor={creator.revealedFor}
        onClose={creator.closeCredentials}
      />
      <BulkMoveDialog
        domains={bulkMoving}
        onOpenChange={(open) => {
          if (!open) setBulkMoving(null);
        }}
        onMoved={async () => {
          setSelection({});
          await domains.refresh();
        }}
      />
      <MoveToSiteDialog
        domain={movingDomain}
        onOpenChange={(open) => !open && setMovingDomain(null)}
        onMoved={domains.refresh}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        closeOnConfirm={false}
        destructive={pending?.kind !== 'buy' && pending?.kind !== 'bulk-buy'}
        {...confirmation}
        onConfirm={confirm}
      />
    </div>
  );
}
