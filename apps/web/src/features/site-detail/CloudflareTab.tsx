import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Select,
  Spinner,
  StatusBadge,
  toast,
} from '@blogfleet/ui';
import { sslModes } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Copy, Pencil, Plus, RefreshCw, Trash2, Zap } from 'lucide-react';
import { useState } from 'react';
import { ApiErrorMessage, toastApiError } from '../../lib/api-error-message';
import { formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { DnsRecordDialog, type DnsRecord } from './DnsRecordDialog';

/**
 * Cloudflare tab (core §2): CDN status, zone, name servers, SSL, the DNS records and the settings
 * history of the site's domain. Activate when the zone is not active; Configure SSL, Add DNS Record and
 * Refresh when it is. Every failure is shown, with the way to fix it.
 */
export function CloudflareTab({ siteId }: { siteId: number }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const status = trpc.cloudflare.websiteStatus.useQuery({ siteId }, { retry: false });
  const hasZone = Boolean(status.data?.zone_id);
  const records = trpc.cloudflare.websiteDnsRecords.useQuery({ siteId }, { enabled: hasZone, retry: false });
  const history = trpc.cloudflare.websiteHistory.useQuery({ siteId }, { enabled: hasZone, retry: false });
  const [editing, setEditing] = useState<DnsRecord | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<DnsRecord | null>(null);
  const [ssl, setSsl] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      utils.cloudflare.websiteStatus.invalidate({ siteId }),
      utils.cloudflare.websiteDnsRecords.invalidate({ siteId }),
      utils.cloudflare.websiteHistory.invalidate({ siteId }),
    ]);
  const activate = trpc.cloudflare.activateWebsite.useMutation({
    onSuccess: async (s) => {
      if (s.cloudflare_status === 'active') toast.success(t`The zone is active`);
      else toast.info(t`Cloudflare checked the name servers; the zone is still ${s.cloudflare_status}`);
      await refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to activate the zone`),
  });
  const setSslMode = trpc.cloudflare.setWebsiteSsl.useMutation({
    onSuccess: async () => {
      toast.success(t`SSL mode saved`);
      setSsl(null);
      await refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to configure SSL`),
  });
  const remove = trpc.cloudflare.deleteWebsiteDnsRecord.useMutation({
    onSuccess: async () => {
      toast.success(t`DNS record deleted`);
      setDeleting(null);
      await refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to delete the DNS record`),
  });

  if (status.isLoading) return <Spinner label={t`Loading…`} />;
  if (status.isError) {
    return (
      <Alert>
        <ApiErrorMessage error={status.error} fallback={t`Failed to fetch Cloudflare status`} />
      </Alert>
    );
  }
  const s = status.data!;
  const active = s.cloudflare_status === 'active';
  const actions: Record<string, string> = {
    setup_dns: t`DNS set up`,
    reset_dns: t`DNS reset`,
    activate: t`Activation checked`,
    ssl_update: t`SSL mode changed`,
    dns_record_create: t`DNS record added`,
    dns_record_update: t`DNS record saved`,
    dns_record_delete: t`DNS record deleted`,
  };
  const sslLabels: Record<string, string> = {
    off: t`Off`,
    flexible: t`Flexible`,
    full: t`Full`,
    strict: t`Full (strict)`,
  };

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle as="h3" className="flex items-center gap-2">
            <Trans>CDN status</Trans>
            <StatusBadge status={s.cloudflare_status} />
          </CardTitle>
          <div className="flex flex-wrap gap-2">
            {!active && hasZone && (
              <Button
                className="h-10 md:h-9"
                loading={activate.isPending}
                onClick={() => activate.mutate({ siteId })}
              >
                <Zap className="size-4" aria-hidden />
                <Trans>Activate</Trans>
              </Button>
            )}
            {active && (
              <Button variant="outline" className="h-10 md:h-9" onClick={() => void refresh()}>
                <RefreshCw className="size-4" aria-hidden />
                <Trans>Refresh</Trans>
              </Button>
            )}
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {!hasZone && (
            <Alert>
              <span className="flex flex-col gap-1">
                <span>
                  <Trans>
                    {s.domain_name} has no Cloudflare zone yet. Set up DNS for it on the domains screen first.
                  </Trans>
                </span>
                <Link
                  to="/domains"
                  search={{ search: s.domain_name }}
                  className="font-medium underline underline-offset-2"
                >
                  <Trans>Open the domains screen</Trans>
                </Link>
              </span>
            </Alert>
          )}
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">
              <Trans>Domain</Trans>
            </dt>
            <dd className="break-all">{s.domain_name}</dd>
            <dt className="text-muted-foreground">
              <Trans>Zone ID</Trans>
            </dt>
            <dd className="font-mono break-all">{s.zone_id ?? '—'}</dd>
            <dt className="text-muted-foreground">
              <Trans>Name servers</Trans>
            </dt>
            <dd className="flex flex-col gap-1">
              {s.nameservers.length === 0
                ? '—'
                : s.nameservers.map((ns) => (
                    <span key={ns} className="flex items-center gap-2 font-mono">
                      {ns}
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t`Copy ${ns}`}
                        onClick={() =>
                          void navigator.clipboard.writeText(ns).then(() => toast.success(t`Copied`))
                        }
                      >
                        <Copy className="size-4" aria-hidden />
                      </Button>
                    </span>
                  ))}
            </dd>
            <dt className="text-muted-foreground">
              <Trans>SSL</Trans>
            </dt>
            <dd>{s.ssl_status ? sslLabels[s.ssl_status] : '—'}</dd>
          </dl>
          {active && (
            <div className="flex flex-wrap items-end gap-2">
              <div className="w-56">
                <Select
                  aria-label={t`SSL mode`}
                  value={ssl ?? s.ssl_status ?? 'full'}
                  onValueChange={setSsl}
                  options={sslModes.map((m) => ({ value: m, label: sslLabels[m]! }))}
                />
              </div>
              <Button
                variant="outline"
                className="h-10 md:h-9"
                disabled={ssl === null || ssl === s.ssl_status}
                loading={setSslMode.isPending}
                onClick={() =>
                  ssl && setSslMode.mutate({ siteId, ssl_mode: ssl as (typeof sslModes)[number] })
                }
              >
                <Trans>Configure SSL</Trans>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      {hasZone && (
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle as="h3">
              <Trans>DNS records</Trans>
            </CardTitle>
            {active && (
              <Button
                className="h-10 md:h-9"
                onClick={() => {
                  setEditing(null);
                  setDialogOpen(true);
                }}
              >
                <Plus className="size-4" aria-hidden />
                <Trans>Add DNS Record</Trans>
              </Button>
            )}
          </CardHeader>
          <CardContent>
            {records.isLoading ? (
              <Spinner label={t`Loading…`} />
            ) : records.isError ? (
              <Alert>
                <ApiErrorMessage error={records.error} fallback={t`Failed to fetch DNS records`} />
              </Alert>
            ) : records.data!.records.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No DNS records.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col divide-y divide-border" aria-label={t`DNS records`}>
                {records.data!.records.map((r) => (
                  <li
                    key={r.id}
                    className="grid grid-cols-[4rem_1fr_auto] items-center gap-x-3 gap-y-1 py-2 text-sm md:grid-cols-[4rem_1fr_1fr_6rem_6rem_auto]"
                  >
                    <Badge variant="outline">{r.type}</Badge>
                    <span className="min-w-0 font-medium break-all">{r.name}</span>
                    <span className="col-span-3 min-w-0 font-mono text-xs break-all text-muted-foreground md:col-span-1 md:row-start-1 md:col-start-3">
                      {r.content}
                      {r.priority !== null ? ` (${t`priority`} ${r.priority})` : ''}
                    </span>
                    <span className="hidden text-muted-foreground md:inline">
                      {r.ttl === 1 ? t`Auto` : `${r.ttl} s`}
                    </span>
                    <span className="hidden md:inline">
                      {r.proxied ? (
                        <Badge variant="orange">
                          <Trans>Proxied</Trans>
                        </Badge>
                      ) : (
                        <Badge>
                          <Trans>DNS only</Trans>
                        </Badge>
                      )}
                    </span>
                    <span className="col-start-3 row-start-1 flex justify-end gap-1 md:col-start-6">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t`Edit ${r.type} record ${r.name}`}
                        onClick={() => {
                          setEditing(r);
                          setDialogOpen(true);
                        }}
                      >
                        <Pencil className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t`Delete ${r.type} record ${r.name}`}
                        onClick={() => setDeleting(r)}
                      >
                        <Trash2 className="size-4 text-danger" />
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}

      {hasZone && (
        <Card>
          <CardHeader>
            <CardTitle as="h3">
              <Trans>Settings history</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {history.isError ? (
              <Alert>
                <ApiErrorMessage
                  error={history.error}
                  fallback={t`Failed to fetch Cloudflare settings history`}
                />
              </Alert>
            ) : (history.data?.history.length ?? 0) === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No changes yet.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm" aria-label={t`Settings history`}>
                {history.data!.history.map((h) => (
                  <li key={h.id} className="flex flex-wrap justify-between gap-2">
                    <span>{actions[h.action_type] ?? h.action_type.replace(/_/g, ' ')}</span>
                    <span className="text-muted-foreground">{formatUserDate(h.created_at)}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}

      <DnsRecordDialog siteId={siteId} record={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        closeOnConfirm={false}
        destructive
        title={t`Delete DNS record?`}
        description={t`The ${deleting?.type ?? ''} record ${deleting?.name ?? ''} is deleted at Cloudflare.`}
        confirmLabel={t`Delete`}
        onConfirm={() => deleting && remove.mutate({ siteId, recordId: deleting.id })}
      />
    </div>
  );
}
