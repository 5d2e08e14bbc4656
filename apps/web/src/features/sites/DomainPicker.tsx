import { Button, Input } from '@blogfleet/ui';
import { checkDomainName } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';

export interface PickedDomain {
  id: number;
  domain_name: string;
  domain_name_unicode: string;
}

interface Props {
  value: PickedDomain | null;
  onChange(domain: PickedDomain | null): void;
  /** Target website for a domain created here. */
  targetWebsite: string;
  invalid?: boolean;
}

/**
 * The searchable domain selector of core §2: free domains of the list as you type, and "Create" for a
 * name that is not in the list yet.
 */
export function DomainPicker({ value, onChange, targetWebsite, invalid }: Props) {
  const { t } = useLingui();
  const listId = useId();
  const [text, setText] = useState(value?.domain_name_unicode ?? '');
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const matches = trpc.domains.list.useQuery(
    { search: debounced || undefined, limit: 8, sort: 'domain_name', order: 'asc', page: 1 },
    { enabled: value === null },
  );
  const utils = trpc.useUtils();
  const create = trpc.domains.create.useMutation();
  const free = (matches.data?.data ?? []).filter((d) => !d.is_used);
  const checked = checkDomainName(text);
  const exists = checked.ok && (matches.data?.data ?? []).some((d) => d.domain_name === checked.domain);

  if (value) {
    return (
      <div className="flex items-center gap-2">
        <Input readOnly value={value.domain_name_unicode} aria-label={t`Domain`} />
        <Button type="button" variant="outline" onClick={() => onChange(null)}>
          <Trans>Change</Trans>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Input
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-label={t`Domain`}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={t`Search your domains or type a new one`}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <ul id={listId} role="listbox" className="max-h-48 overflow-auto rounded-md border border-border">
        {free.map((d) => (
          <li key={d.id} role="option" aria-selected={false}>
            <button
              type="button"
              className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-muted"
              onClick={() => onChange(d)}
            >
              <Check className="size-4 opacity-0" aria-hidden />
              {d.domain_name_unicode}
              <span className="ml-auto text-xs text-muted-foreground">{d.target_website}</span>
            </button>
          </li>
        ))}
        {checked.ok && !exists && (
          <li role="option" aria-selected={false}>
            <button
              type="button"
              className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-medium text-primary hover:bg-muted"
              disabled={create.isPending || !targetWebsite.trim()}
              title={targetWebsite.trim() ? undefined : t`Enter the target website first`}
              onClick={() =>
                // Callbacks of `mutate` are dropped once the picker is gone: a domain that answers
                // after its dialog closed is not picked in the next one.
                create.mutate(
                  { domainName: checked.domain, targetWebsite: targetWebsite.trim() },
                  {
                    onSuccess: ({ domain }) => {
                      onChange(domain);
                      void utils.domains.list.invalidate();
                    },
                    onError: (err) => toastApiError(err, t`Failed to create domain`),
                  },
                )
              }
            >
              <Plus className="size-4" aria-hidden />
              <Trans>Create domain {checked.domain}</Trans>
            </button>
          </li>
        )}
        {free.length === 0 && !(checked.ok && !exists) && (
          <li className="px-3 py-2 text-sm text-muted-foreground">
            <Trans>No free domain matches. Type a full name such as example.com to create it.</Trans>
          </li>
        )}
      </ul>
    </div>
  );
}
