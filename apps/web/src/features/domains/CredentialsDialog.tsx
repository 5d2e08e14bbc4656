import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  toast,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { SiteCredentials } from './use-site-creation';

interface Props {
  credentials: SiteCredentials | null;
  /** Set when an admin revealed the credentials of an existing site (the domain's name). */
  revealedFor?: string | null;
  onClose(): void;
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      size="icon"
      variant="ghost"
      className="size-9 shrink-0"
      aria-label={t`Copy ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          toast.error(t`Could not copy; select the text and copy it by hand.`);
        }
      }}
    >
      {copied ? (
        <Check className="size-4 text-success" aria-hidden />
      ) : (
        <Copy className="size-4" aria-hidden />
      )}
    </Button>
  );
}

/** The credentials of a new site (doc2 §2), shown once, each with a copy button. */
export function CredentialsDialog({ credentials, revealedFor, onClose }: Props) {
  const { t } = useLingui();
  const rows: [string, keyof SiteCredentials][] = [
    [t`Site URL`, 'siteUrl'],
    [t`Admin URL`, 'adminUrl'],
    [t`Admin user`, 'adminUser'],
    [t`Admin password`, 'adminPassword'],
    [t`Application password`, 'appPassword'],
    [t`Database name`, 'dbName'],
    [t`Database user`, 'dbUser'],
    [t`Database password`, 'dbPassword'],
    [t`Info file`, 'infoFilePath'],
  ];
  const all = credentials ? rows.map(([label, key]) => `${label}: ${credentials[key]}`).join('\n') : '';
  return (
    <Dialog open={credentials !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            {revealedFor ? (
              <Trans>Credentials of {revealedFor}</Trans>
            ) : (
              <Trans>WordPress site created</Trans>
            )}
          </DialogTitle>
          <DialogDescription>
            {revealedFor ? (
              <Trans>Revealed to you as an admin; this is recorded in the audit log.</Trans>
            ) : (
              <Trans>
                Store these credentials now. They are shown once; an admin can reveal them later from the
                site.
              </Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        {credentials && (
          <>
            <dl
              className="flex flex-col divide-y divide-border rounded-md border border-border"
              data-testid="site-credentials"
            >
              {rows.map(([label, key]) => (
                <div key={key} className="flex items-center gap-2 px-3 py-1.5">
                  <dt className="w-36 shrink-0 text-sm text-muted-foreground">{label}</dt>
                  <dd className="min-w-0 flex-1 font-mono text-sm break-all" data-field={key}>
                    {credentials[key]}
                  </dd>
                  <CopyButton value={credentials[key]} label={label} />
                </div>
              ))}
            </dl>
            <Alert tone="info">
              <Trans>
                The application password lets Blogfleet sync and publish; keep it out of shared documents.
              </Trans>
            </Alert>
          </>
        )}
        <DialogFooter className="flex-wrap">
          <CopyAll value={all} />
          <Button variant="outline" asChild>
            <a href={credentials?.siteUrl} target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden />
              <Trans>Open site</Trans>
            </a>
          </Button>
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CopyAll({ value }: { value: string }) {
  const { t } = useLingui();
  return (
    <Button
      variant="outline"
      type="button"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          toast.success(t`Credentials copied`);
        } catch {
          toast.error(t`Could not copy; select the text and copy it by hand.`);
        }
      }}
    >
      <Copy className="size-4" aria-hidden />
      <Trans>Copy all</Trans>
    </Button>
  );
}
