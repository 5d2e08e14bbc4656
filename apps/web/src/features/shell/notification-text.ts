import type { RouterOutputs } from '@blogfleet/api';
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { jobTitle } from '../jobs/job-title';

type Notification = RouterOutputs['notifications']['list']['notifications'][number];

/** Domains a purchase notification names before "and N more". */
const NAMED = 5;

function boughtList(domains: string[], count: number): string {
  const shown = domains.slice(0, NAMED);
  const rest = count - shown.length;
  const items = rest > 0 ? [...shown, t`${rest} more`] : shown;
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(items);
}

/**
 * Title and body in the screen's language, made from the kind and what it names; a kind or an older
 * notification without those values keeps the stored English text.
 */
export function notificationText(n: Pick<Notification, 'kind' | 'title' | 'body' | 'params'>): {
  title: string;
  body: string;
} {
  const p = n.params;
  const stored = { title: n.title, body: n.body };
  const job = p.job_kind
    ? jobTitle({ kind: p.job_kind, title: p.job_title ?? '', title_values: p.job_values })
    : '';
  switch (n.kind) {
    case 'site.down': {
      if (p.domain === undefined) return stored;
      const error = p.error;
      let body = error ?? '';
      if (p.failures !== undefined) {
        const checks = t({
          message: plural(p.failures, { one: '# failed check in a row', other: '# failed checks in a row' }),
        });
        body = error ? t`${error} (${checks}).` : t`The check failed (${checks}).`;
      }
      return { title: t`${p.domain} is down`, body };
    }
    case 'site.up': {
      if (p.domain === undefined) return stored;
      const code = p.status_code;
      const ms = p.response_ms;
      return {
        title: t`${p.domain} is back up`,
        body: code !== undefined && ms !== undefined ? t`HTTP ${code} in ${ms} ms.` : '',
      };
    }
    case 'dns.zone_active':
      if (p.domain === undefined) return stored;
      return {
        title: t`${p.domain}: Cloudflare zone active`,
        body: t`Cloudflare now serves the DNS of ${p.domain}.`,
      };
    case 'domain.purchased': {
      if (p.count === undefined || p.domains === undefined) return stored;
      const list = boughtList(p.domains, p.count);
      return {
        title:
          p.count === 1 && p.domain !== undefined
            ? t`Bought ${p.domain}`
            : t({ message: plural(p.count, { one: 'Bought # domain', other: 'Bought # domains' }) }),
        body: p.count === 0 ? t`Nothing needed buying.` : t`Bought ${list}.`,
      };
    }
    case 'job.completed':
      if (!job) return stored;
      return { title: t`Done: ${job}`, body: t`Completed.` };
    case 'job.failed':
      if (!job) return stored;
      return {
        title: p.job_kind === 'domains.bulk-purchase' ? t`Domain purchase failed` : t`Failed: ${job}`,
        body: p.error ?? (p.job_kind === 'domains.bulk-purchase' ? '' : t`Failed.`),
      };
    default:
      return stored;
  }
}
