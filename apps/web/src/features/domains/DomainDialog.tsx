import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
} from '@blogfleet/ui';
import { updateDomainInput, type UpdateDomainInput } from '@blogfleet/validators';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { translateIssue } from '../../lib/validation-messages';
import type { DomainRow } from './use-domains';

type FormValues = z.input<typeof updateDomainInput>;

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The domain to edit, or null to add one. */
  domain: DomainRow | null;
  onSave(id: number | null, values: UpdateDomainInput): Promise<void>;
}

const EMPTY: FormValues = { domainName: '', targetWebsite: '' };

/** Add/edit dialog of doc2 §2: both fields required, save disabled until both are filled. */
export function DomainDialog({ open, onOpenChange, domain, onSave }: Props) {
  const { t } = useLingui();
  const editing = domain !== null;
  const form = useForm<FormValues, unknown, UpdateDomainInput>({
    resolver: zodResolver(updateDomainInput),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, formState, watch } = form;
  const [name, target] = watch(['domainName', 'targetWebsite']);
  const filled = name.trim() !== '' && target.trim() !== '';
  const nameFixed = editing && (domain.status === 'purchased' || domain.is_hosted);

  useEffect(() => {
    if (open)
      reset(
        domain ? { domainName: domain.domain_name_unicode, targetWebsite: domain.target_website } : EMPTY,
      );
  }, [open, domain, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(domain?.id ?? null, values);
      onOpenChange(false);
    } catch {
      // The toast already told the user; the dialog stays open with their input.
    }
  });

  const err = (field: keyof FormValues) => translateIssue(formState.errors[field]?.message);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{editing ? <Trans>Edit domain</Trans> : <Trans>Add domain</Trans>}</DialogTitle>
          <DialogDescription>
            <Trans>A domain you own or want to buy, and the website its visitors are meant for.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="domain-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField
            label={t`Domain name`}
            error={err('domainName')}
            hint={nameFixed ? t`A purchased domain keeps its name.` : t`For example example.com`}
            required
          >
            <Input autoComplete="off" spellCheck={false} readOnly={nameFixed} {...register('domainName')} />
          </FormField>
          <FormField label={t`Target website`} error={err('targetWebsite')} required>
            <Input autoComplete="off" spellCheck={false} {...register('targetWebsite')} />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="domain-form" disabled={!filled} loading={formState.isSubmitting}>
            {editing ? <Trans>Save changes</Trans> : <Trans>Add domain</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
