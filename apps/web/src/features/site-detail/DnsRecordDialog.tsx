import type { RouterOutputs } from '@blogfleet/api';
import { dnsRecordTypes, MAX_TTL, MIN_TTL, PROXIABLE_TYPES, TTL_AUTO } from '@blogfleet/validators';
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Switch,
  toast,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';

export type DnsRecord = RouterOutputs['cloudflare']['websiteDnsRecords']['records'][number];
type RecordType = (typeof dnsRecordTypes)[number];

interface Form {
  type: RecordType;
  name: string;
  content: string;
  ttl: string;
  proxied: boolean;
  priority: string;
  weight: string;
  port: string;
}

const EMPTY: Form = {
  type: 'A',
  name: '',
  content: '',
  ttl: '',
  proxied: true,
  priority: '',
  weight: '',
  port: '',
};
const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** Add or edit a DNS record of the site's zone; the server checks it by type and says what is wrong. */
export function DnsRecordDialog({
  siteId,
  record,
  open,
  onOpenChange,
}: {
  siteId: number;
  /** The record being edited, or null for a new one. */
  record: DnsRecord | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [form, setForm] = useState<Form>(EMPTY);
  useEffect(() => {
    if (!open) return;
    setForm(
      record
        ? {
            type: record.type as RecordType,
            name: record.name,
            content: record.content,
            ttl: record.ttl === TTL_AUTO ? '' : String(record.ttl),
            proxied: record.proxied,
            priority: record.priority?.toString() ?? '',
            weight: record.weight?.toString() ?? '',
            port: record.port?.toString() ?? '',
          }
        : EMPTY,
    );
  }, [open, record]);
  const save = trpc.cloudflare.saveWebsiteDnsRecord.useMutation({
    onSuccess: async () => {
      toast.success(record ? t`DNS record saved` : t`DNS record added`);
      onOpenChange(false);
      await Promise.all([
        utils.cloudflare.websiteDnsRecords.invalidate({ siteId }),
        utils.cloudflare.websiteHistory.invalidate({ siteId }),
      ]);
    },
    onError: (err) => toastApiError(err, t`Failed to save the DNS record`),
  });
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const proxiable = PROXIABLE_TYPES.includes(form.type);
  const needsPriority = form.type === 'MX' || form.type === 'SRV';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{record ? <Trans>Edit DNS record</Trans> : <Trans>Add DNS record</Trans>}</DialogTitle>
        </DialogHeader>
        <form
          id="dns-record-form"
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({
              siteId,
              ...(record ? { id: record.id } : {}),
              type: form.type,
              name: form.name,
              content: form.content,
              ttl: num(form.ttl) ?? TTL_AUTO,
              proxied: proxiable ? form.proxied : false,
              ...(needsPriority ? { priority: num(form.priority) } : {}),
              ...(form.type === 'SRV' ? { weight: num(form.weight), port: num(form.port) } : {}),
            });
          }}
        >
          <FormField label={t`Type`}>
            <Select
              aria-label={t`Type`}
              value={form.type}
              onValueChange={(v) => set({ type: v as RecordType })}
              options={dnsRecordTypes.map((x) => ({ value: x, label: x }))}
            />
          </FormField>
          <FormField label={t`Name`} required hint={t`@ for the domain itself, or a name such as www`}>
            <Input value={form.name} onChange={(e) => set({ name: e.target.value })} />
          </FormField>
          <FormField label={t`Content`} required className="sm:col-span-2">
            <Input
              value={form.content}
              onChange={(e) => set({ content: e.target.value })}
              spellCheck={false}
            />
          </FormField>
          <FormField label={t`TTL (seconds)`} hint={t`Empty for Auto; otherwise ${MIN_TTL}–${MAX_TTL}`}>
            <Input
              type="number"
              inputMode="numeric"
              value={form.ttl}
              onChange={(e) => set({ ttl: e.target.value })}
            />
          </FormField>
          {proxiable && (
            <FormField label={t`Proxied through Cloudflare`} layout="inline">
              <Switch checked={form.proxied} onCheckedChange={(v) => set({ proxied: v })} />
            </FormField>
          )}
          {needsPriority && (
            <FormField label={t`Priority`} required>
              <Input
                type="number"
                value={form.priority}
                onChange={(e) => set({ priority: e.target.value })}
              />
            </FormField>
          )}
          {form.type === 'SRV' && (
            <>
              {/* Own context: the performance card's "Weight" is page weight, a different word in Turkish. */}
              <FormField label={t({ message: 'Weight', context: 'DNS SRV record' })} required>
                <Input type="number" value={form.weight} onChange={(e) => set({ weight: e.target.value })} />
              </FormField>
              <FormField label={t`Port`} required>
                <Input type="number" value={form.port} onChange={(e) => set({ port: e.target.value })} />
              </FormField>
            </>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="dns-record-form" loading={save.isPending}>
            <Trans>Save</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
