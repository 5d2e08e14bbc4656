import { Trans, useLingui } from '@lingui/react/macro';
import { ImageOff } from 'lucide-react';
import { formatUserDate } from '../../lib/format';
import type { SiteDetail } from './use-site';

/** The side panel's latest screenshot with its time; the thumbnail opens the full page in a new tab. */
export function ScreenshotPanel({ site }: { site: SiteDetail }) {
  const { t } = useLingui();
  const shot = site.latest_screenshot;
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface">
      {shot ? (
        <figure>
          <a href={shot.image_url} target="_blank" rel="noreferrer" aria-label={t`Open the full screenshot`}>
            <img
              src={shot.thumbnail_url ?? shot.image_url}
              alt={t`Latest screenshot of ${site.site_title}`}
              className="aspect-[16/9] w-full object-cover object-top"
            />
          </a>
          <figcaption className="p-2 text-xs text-muted-foreground">
            {formatUserDate(shot.created_at)}
          </figcaption>
        </figure>
      ) : (
        <div className="flex flex-col items-center gap-2 p-6 text-sm text-muted-foreground">
          <ImageOff className="size-8" aria-hidden />
          <Trans>No screenshot yet</Trans>
        </div>
      )}
    </div>
  );
}
