import { Button } from '@blogfleet/ui';
import { Trans } from '@lingui/react/macro';

/** The pool's logs load 50 at a time (doc2 §9); this asks for 50 more, up to the server's 200. */
export const LOG_PAGE = 50;
export const LOG_MAX = 200;

export function ShowMore({
  shown,
  limit,
  loading,
  onMore,
}: {
  shown: number;
  limit: number;
  loading: boolean;
  onMore(): void;
}) {
  if (shown < limit || limit >= LOG_MAX) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" loading={loading} onClick={onMore}>
        <Trans>Show more</Trans>
      </Button>
    </div>
  );
}
