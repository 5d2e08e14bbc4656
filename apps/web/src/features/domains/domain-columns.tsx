import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  StatusBadge,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import {
  ArrowRightLeft,
  KeyRound,
  Cloud,
  CloudOff,
  Globe,
  MoreHorizontal,
  Pencil,
  ShoppingCart,
  Trash2,
} from 'lucide-react';
import { useMemo } from 'react';
import { formatNumber, formatUserDate } from '../../lib/format';
import type { DomainRow } from './use-domains';

export interface DomainActions {
  pendingPurchaseId?: number;
  pendingDnsId?: number;
  onBuy(domain: DomainRow): void;
  onSetupDns(domain: DomainRow): void;
  onResetDns(domain: DomainRow): void;
  onEdit(domain: DomainRow): void;
  onDelete(domain: DomainRow): void;
  onCreateSite(domain: DomainRow): void;
  onDeleteSite(domain: DomainRow): void;
  onMoveToSite(domain: DomainRow): void;
  /** Admins only: the credentials of the domain's WordPress site. */
  onShowCredentials?(domain: DomainRow): void;
}

/** Registrars price in US dollars; the number follows the interface language. */
export function formatPrice(value: number): string {
  return formatNumber(value, { style: 'currency', currency: 'USD' });
}

/** The domains table's columns; ids of sortable columns are the API's sort names. */
export function useDomainColumns(actions: DomainActions): ColumnDef<DomainRow>[] {
  const { t } = useLingui();
  return useMemo(() => {
    const {
      pendingPurchaseId,
      pendingDnsId,
      onBuy,
      onSetupDns,
      onResetDns,
      onEdit,
      onDelete,
      onCreateSite,
      onDeleteSite,
      onMoveToSite,
      onShowCredentials,
    } = actions;
    return [
      {
        accessorKey: 'domain_name',
        header: t`Domain`,
        meta: { stacked: 'title' },
        cell: ({ row: { original: d }, table }) => (
          <div className="min-w-0">
            <div className="font-medium break-all">{d.domain_name_unicode}</div>
            {d.domain_name_unicode !== d.domain_name && (
              <div className="text-xs break-all text-muted-foreground">{d.domain_name}</div>
            )}
            {table.options.meta?.stacked && (
              <div className="break-all text-muted-foreground">{d.target_website}</div>
            )}
          </div>
        ),
      },
      {
        accessorKey: 'target_website',
        header: t`Target website`,
        meta: { stacked: 'skip' },
        cell: ({ row: { original: d } }) => <span className="break-all">{d.target_website}</span>,
      },
      {
        accessorKey: 'status',
        header: t`Status`,
        cell: ({ row: { original: d } }) => (
          <div className="flex flex-wrap gap-1">
            <StatusBadge status={d.status} />
            {d.is_hosted && <StatusBadge status="active" label={<Trans>Hosted</Trans>} />}
          </div>
        ),
      },
      {
        id: 'dns',
        header: t`DNS`,
        enableSorting: false,
        cell: ({ row: { original: d } }) =>
          d.cloudflare_status === 'inactive' ? (
            <span className="text-muted-foreground">{t`Not set up`}</span>
          ) : (
            <StatusBadge status={d.cloudflare_status} />
          ),
      },
      {
        id: 'price',
        header: t`Price`,
        enableSorting: false,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row: { original: d } }) =>
          d.price !== null ? (
            formatPrice(d.price)
          ) : d.estimated_price !== null ? (
            <span className="text-muted-foreground" title={t`Estimated`}>
              ~{formatPrice(d.estimated_price)}
            </span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      },
      {
        accessorKey: 'created_at',
        header: t`Added`,
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row: { original: d } }) => formatUserDate(d.created_at),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'right', stacked: 'end', label: t`Actions` },
        cell: ({ row: { original: d }, table }) => {
          const hostedHint = d.is_hosted ? t`Delete the WordPress site of this domain first` : undefined;
          const bought = d.status === 'purchased';
          const buying = pendingPurchaseId === d.id;
          // doc2 §4: DNS only for bought domains; an active zone offers Reset, otherwise Setup; used ones neither.
          const dnsAllowed = bought && !d.is_used;
          const zoneActive = d.cloudflare_status === 'active';
          const dnsBusy = pendingDnsId === d.id;
          // WP creation needs a bought domain no site uses; a hosted one offers Delete WP instead.
          const wpAllowed = bought && !d.is_used;
          if (table.options.meta?.stacked) {
            return (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-10"
                    aria-label={t`Actions for ${d.domain_name_unicode}`}
                  >
                    <MoreHorizontal className="size-5" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem
                    className="min-h-10"
                    disabled={bought || buying}
                    onSelect={() => onBuy(d)}
                  >
                    <ShoppingCart className="size-4" aria-hidden />
                    <Trans>Buy</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    disabled={!dnsAllowed || dnsBusy}
                    onSelect={() => onSetupDns(d)}
                  >
                    <Cloud className="size-4" aria-hidden />
                    <Trans>Setup DNS</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    disabled={!dnsAllowed || dnsBusy || d.cloudflare_status === 'inactive'}
                    onSelect={() => onResetDns(d)}
                  >
                    <CloudOff className="size-4" aria-hidden />
                    <Trans>Reset DNS</Trans>
                  </DropdownMenuItem>
                  {d.is_hosted && onShowCredentials && (
                    <DropdownMenuItem className="min-h-10" onSelect={() => onShowCredentials(d)}>
                      <KeyRound className="size-4" aria-hidden />
                      <Trans>Show credentials</Trans>
                    </DropdownMenuItem>
                  )}
                  {d.is_hosted ? (
                    <DropdownMenuItem
                      className="min-h-10 text-danger-strong"
                      onSelect={() => onDeleteSite(d)}
                    >
                      <Globe className="size-4" aria-hidden />
                      <Trans>Delete WP</Trans>
                    </DropdownMenuItem>
                  ) : (
                    <DropdownMenuItem
                      className="min-h-10"
                      disabled={!wpAllowed}
                      onSelect={() => onCreateSite(d)}
                    >
                      <Globe className="size-4" aria-hidden />
                      <Trans>Create WP site</Trans>
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem
                    className="min-h-10"
                    disabled={d.is_used}
                    onSelect={() => onMoveToSite(d)}
                  >
                    <ArrowRightLeft className="size-4" aria-hidden />
                    <Trans>Move to site</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem className="min-h-10" onSelect={() => onEdit(d)}>
                    <Pencil className="size-4" aria-hidden />
                    <Trans>Edit</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10 text-danger-strong"
                    disabled={d.is_hosted}
                    onSelect={() => onDelete(d)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    <Trans>Delete</Trans>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            );
          }
          return (
            <div className="flex justify-end gap-1">
              <Button
                size="sm"
                variant="outline"
                disabled={bought || buying}
                loading={buying}
                title={bought ? t`Already purchased` : undefined}
                aria-label={t`Buy ${d.domain_name_unicode}`}
                onClick={() => onBuy(d)}
              >
                <ShoppingCart className="size-4" aria-hidden />
                <Trans>Buy</Trans>
              </Button>
              {dnsAllowed &&
                (zoneActive ? (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={dnsBusy}
                    disabled={dnsBusy}
                    aria-label={t`Reset DNS of ${d.domain_name_unicode}`}
                    onClick={() => onResetDns(d)}
                  >
                    <CloudOff className="size-4" aria-hidden />
                    <Trans>Reset DNS</Trans>
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={dnsBusy}
                    disabled={dnsBusy}
                    aria-label={t`Setup DNS of ${d.domain_name_unicode}`}
                    onClick={() => onSetupDns(d)}
                  >
                    <Cloud className="size-4" aria-hidden />
                    <Trans>Setup DNS</Trans>
                  </Button>
                ))}
              {d.is_hosted && onShowCredentials && (
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t`Show credentials of ${d.domain_name_unicode}`}
                  title={t`Show credentials`}
                  onClick={() => onShowCredentials(d)}
                >
                  <KeyRound className="size-4" />
                </Button>
              )}
              {d.is_hosted ? (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t`Delete WP site of ${d.domain_name_unicode}`}
                  onClick={() => onDeleteSite(d)}
                >
                  <Globe className="size-4 text-danger" aria-hidden />
                  <Trans>Delete WP</Trans>
                </Button>
              ) : (
                wpAllowed && (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={t`Create WP site for ${d.domain_name_unicode}`}
                    onClick={() => onCreateSite(d)}
                  >
                    <Globe className="size-4" aria-hidden />
                    <Trans>WP</Trans>
                  </Button>
                )
              )}
              <Button
                size="icon"
                variant="ghost"
                disabled={d.is_used}
                title={d.is_used ? t`A site uses this domain` : undefined}
                aria-label={t`Move ${d.domain_name_unicode} to a site`}
                onClick={() => onMoveToSite(d)}
              >
                <ArrowRightLeft className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Edit ${d.domain_name_unicode}`}
                onClick={() => onEdit(d)}
              >
                <Pencil className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                disabled={d.is_hosted}
                title={hostedHint}
                aria-label={t`Delete ${d.domain_name_unicode}`}
                onClick={() => onDelete(d)}
              >
                <Trash2 className="size-4 text-danger" />
              </Button>
            </div>
          );
        },
      },
    ] satisfies ColumnDef<DomainRow>[];
  }, [actions, t]);
}
