import { Button, Card, CardContent, EmptyState, Input, Spinner, toast } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageIcon, Plus } from 'lucide-react';
import { useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { MediaUpload } from './MediaUpload';

/** A one-field form that creates a term on WordPress (then the tab shows it). */
function AddTerm({
  label,
  onAdd,
  busy,
}: {
  label: string;
  onAdd(name: string): Promise<void>;
  busy: boolean;
}) {
  const [name, setName] = useState('');
  return (
    <form
      className="flex gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!name.trim()) return;
        await onAdd(name.trim());
        setName('');
      }}
    >
      <Input aria-label={label} placeholder={label} value={name} onChange={(e) => setName(e.target.value)} />
      <Button type="submit" variant="outline" loading={busy} disabled={!name.trim()}>
        <Plus className="size-4" aria-hidden />
        <Trans>Add</Trans>
      </Button>
    </form>
  );
}

/** Categories tab (core §2): name, post count, description, slug; create one on WordPress. */
export function CategoriesTab({ siteId }: { siteId: number }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.sites.categories.useQuery({ id: siteId });
  const create = trpc.sites.createCategory.useMutation();
  if (list.isLoading) return <Spinner label={t`Loading…`} />;
  const rows = list.data?.categories ?? [];
  return (
    <div className="flex flex-col gap-4">
      <AddTerm
        label={t`New category`}
        busy={create.isPending}
        onAdd={async (name) => {
          try {
            await create.mutateAsync({ id: siteId, name });
            toast.success(t`Category ${name} created`);
            await utils.sites.categories.invalidate({ id: siteId });
          } catch (err) {
            toastApiError(err, t`Failed to create category`);
          }
        }}
      />
      {rows.length === 0 ? (
        <EmptyState title={t`No categories yet. Pull them from WordPress or add one.`} />
      ) : (
        <Card>
          <CardContent className="divide-y divide-border p-0">
            {rows.map((c) => (
              <div key={c.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_6rem_1fr_10rem]">
                <span className="font-medium">{c.name}</span>
                <span className="text-sm text-muted-foreground">
                  <Trans>{formatNumber(c.count)} posts</Trans>
                </span>
                <span className="text-sm text-muted-foreground">{c.description}</span>
                <span className="font-mono text-xs text-muted-foreground">{c.slug}</span>
              </div>
            ))}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** Tags tab (core §2): name and count chips; create one on WordPress. */
export function TagsTab({ siteId }: { siteId: number }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.sites.tags.useQuery({ id: siteId });
  const create = trpc.sites.createTag.useMutation();
  if (list.isLoading) return <Spinner label={t`Loading…`} />;
  const rows = list.data?.tags ?? [];
  return (
    <div className="flex flex-col gap-4">
      <AddTerm
        label={t`New tag`}
        busy={create.isPending}
        onAdd={async (name) => {
          try {
            await create.mutateAsync({ id: siteId, name });
            toast.success(t`Tag ${name} created`);
            await utils.sites.tags.invalidate({ id: siteId });
          } catch (err) {
            toastApiError(err, t`Failed to create tag`);
          }
        }}
      />
      {rows.length === 0 ? (
        <EmptyState title={t`No tags yet. Pull them from WordPress or add one.`} />
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t`Tags`}>
          {rows.map((tag) => (
            <li key={tag.id} className="rounded-full border border-border px-3 py-1 text-sm">
              {tag.name} <span className="text-muted-foreground">({formatNumber(tag.count)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Media tab (core §2): an image grid with title and mime type. */
export function MediaTab({ siteId }: { siteId: number }) {
  const { t } = useLingui();
  const list = trpc.sites.media.useQuery({ id: siteId });
  if (list.isLoading) return <Spinner label={t`Loading…`} />;
  const rows = list.data?.media ?? [];
  return (
    <div className="flex flex-col gap-4">
      <MediaUpload siteId={siteId} />
      {rows.length === 0 ? (
        <EmptyState title={t`No media yet. Pull them from WordPress or upload an image.`} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t`Media`}>
          {rows.map((m) => (
            <li key={m.id} className="overflow-hidden rounded-lg border border-border bg-surface">
              {m.mime_type?.startsWith('image/') ? (
                <img
                  src={m.thumbnail_url ?? m.source_url}
                  alt={m.title}
                  loading="lazy"
                  className="aspect-video w-full object-cover"
                />
              ) : (
                <div className="flex aspect-video items-center justify-center bg-muted">
                  <ImageIcon className="size-8 text-muted-foreground" aria-hidden />
                </div>
              )}
              <div className="p-2 text-sm">
                <div className="truncate font-medium">{m.title || '—'}</div>
                <div className="text-xs text-muted-foreground">{m.mime_type}</div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
