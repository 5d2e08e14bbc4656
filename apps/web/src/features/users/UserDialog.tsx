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
  Select,
} from '@blogfleet/ui';
import { createUserInput, updateUserInput, type CreateUserInput } from '@blogfleet/validators';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { translateIssue } from '../../lib/validation-messages';
import type { UserRow } from './use-users';

type FormValues = z.input<typeof createUserInput>;

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The user to edit, or null to create one. */
  user: UserRow | null;
  onSave(id: number | null, values: Partial<CreateUserInput>): Promise<void>;
}

const EMPTY: FormValues = { username: '', email: '', role: 'user', status: 'active', password: '' };

/** Create/edit dialog of core §2 Users; the password is asked only on create (core §5). */
export function UserDialog({ open, onOpenChange, user, onSave }: Props) {
  const { t } = useLingui();
  const editing = user !== null;
  const form = useForm<FormValues, unknown, CreateUserInput>({
    resolver: zodResolver((editing ? updateUserInput : createUserInput) as typeof createUserInput),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, control, reset, formState } = form;

  useEffect(() => {
    // Editing never sends a password: an empty one would fail validation on a field that is not shown.
    if (open)
      reset(
        user ? { username: user.username, email: user.email, role: user.role, status: user.status } : EMPTY,
      );
  }, [open, user, reset]);

  const submit = handleSubmit(async (values) => {
    const { password, ...rest } = values;
    try {
      await onSave(user?.id ?? null, editing ? rest : { ...rest, password });
      onOpenChange(false);
    } catch {
      // The toast already told the user; the dialog stays open with their input.
    }
  });

  const err = (name: keyof FormValues) => translateIssue(formState.errors[name]?.message);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{editing ? <Trans>Edit user</Trans> : <Trans>Add user</Trans>}</DialogTitle>
          <DialogDescription>
            {editing ? (
              <Trans>Change the account details, role or status.</Trans>
            ) : (
              <Trans>The new user signs in with this email and password.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <form id="user-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t`Username`} error={err('username')} required>
            <Input autoComplete="off" {...register('username')} />
          </FormField>
          <FormField label={t`Email`} error={err('email')} required>
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <div className="grid grid-cols-2 gap-4">
            <FormField label={t`Role`} error={err('role')}>
              <Controller
                control={control}
                name="role"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={field.onChange}
                    aria-label={t`Role`}
                    options={[
                      { value: 'user', label: t`User` },
                      { value: 'admin', label: t`Admin` },
                    ]}
                  />
                )}
              />
            </FormField>
            <FormField label={t`Status`} error={err('status')}>
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={field.onChange}
                    aria-label={t`Status`}
                    options={[
                      { value: 'active', label: t`Active` },
                      { value: 'inactive', label: t`Inactive` },
                    ]}
                  />
                )}
              />
            </FormField>
          </div>
          {!editing && (
            <FormField label={t`Password`} error={err('password')} hint={t`At least 8 characters`} required>
              <Input type="password" autoComplete="new-password" {...register('password')} />
            </FormField>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="user-form" loading={formState.isSubmitting}>
            {editing ? <Trans>Save changes</Trans> : <Trans>Create user</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
