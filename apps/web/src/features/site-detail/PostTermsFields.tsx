import { Checkbox, FormField, Select } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { trpc } from '../../lib/trpc';

export interface PostTerms {
  category_ids: number[];
  tag_ids: number[];
  featured_media_id: number | null;
}

const NONE = 'none';

/**
 * Categories, tags and featured image of a post, chosen from the site's synced copies (WordPress ids,
 * as the push sends them).
 */
export function PostTermsFields({
  siteId,
  value,
  onChange,
}: {
  siteId: number;
  value: PostTerms;
  onChange(patch: Partial<PostTerms>): void;
}) {
  const { t } = useLingui();
  const categories = trpc.sites.categories.useQuery({ id: siteId });
  const tags = trpc.sites.tags.useQuery({ id: siteId });
  const media = trpc.sites.media.useQuery({ id: siteId });
  const toggle = (ids: number[], id: number, on: boolean) =>
    on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id);
  const images = (media.data?.media ?? []).filter((m) => (m.mime_type ?? '').startsWith('image/'));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Categories</Trans>
        </legend>
        {categories.data?.categories.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <Trans>No categories yet.</Trans>
          </p>
        )}
        <div className="flex max-h-36 flex-col gap-2 overflow-y-auto">
          {categories.data?.categories.map((c) => (
            <label key={c.wp_id} className="flex min-h-8 items-center gap-2 text-sm">
              <Checkbox
                checked={value.category_ids.includes(c.wp_id)}
                onCheckedChange={(on) =>
                  onChange({ category_ids: toggle(value.category_ids, c.wp_id, on === true) })
                }
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Tags</Trans>
        </legend>
        {tags.data?.tags.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <Trans>No tags yet.</Trans>
          </p>
        )}
        <div className="flex max-h-36 flex-wrap gap-2 overflow-y-auto">
          {tags.data?.tags.map((tag) => (
            <label key={tag.wp_id} className="flex min-h-8 items-center gap-2 text-sm">
              <Checkbox
                checked={value.tag_ids.includes(tag.wp_id)}
                onCheckedChange={(on) => onChange({ tag_ids: toggle(value.tag_ids, tag.wp_id, on === true) })}
              />
              {tag.name}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label={t`Featured image`} className="sm:col-span-2">
        <Select
          aria-label={t`Featured image`}
          value={value.featured_media_id === null ? NONE : String(value.featured_media_id)}
          onValueChange={(v) => onChange({ featured_media_id: v === NONE ? null : Number(v) })}
          options={[
            { value: NONE, label: t`No featured image` },
            ...images.map((m) => ({ value: String(m.wp_id), label: m.title || m.source_url })),
          ]}
        />
      </FormField>
    </div>
  );
}
