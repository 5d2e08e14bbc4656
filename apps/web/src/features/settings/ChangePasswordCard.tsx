import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  toast,
} from '@blogfleet/ui';
import { changePasswordInput } from '@blogfleet/validators';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiError, userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { translateIssue } from '../../lib/validation-messages';

const formSchema = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type FormValues = z.infer<typeof formSchema>;

const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change one's own password; the other sessions end, this one stays signed in. */
export function ChangePasswordCard() {
  const { t } = useLingui();
  const change = trpc.account.changePassword.useMutation();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const res = await change.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      const n = res.sessionsEnded;
      toast.success(
        n > 0
          ? t`Password changed. ${n} other session(s) were signed out.`
          : t`Password changed. You stay signed in here.`,
      );
    } catch (err) {
      const { code, details } = apiError(err);
      const issues = (details as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];
      const known = issues.filter((i) => i.path === 'currentPassword' || i.path === 'newPassword');
      if (code === 'VALIDATION_ERROR' && known.length > 0) {
        for (const issue of known) setError(issue.path as keyof FormValues, { message: issue.message });
      } else {
        toast.error(userMessage(err, { fallback: t`Failed to change the password` }));
      }
    }
  });

  const err = (name: keyof FormValues) => translateIssue(formState.errors[name]?.message);

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <KeyRound className="size-5 text-muted-foreground" aria-hidden />
          <CardTitle as="h3">
            <Trans>Change password</Trans>
          </CardTitle>
        </div>
        <CardDescription>
          <Trans>Your other sessions are signed out; this one stays signed in.</Trans>
        </CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate aria-label={t`Change password`}>
        <CardContent className="flex flex-col gap-4">
          {/* Lets password managers tie the new password to the account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <FormField label={t`Current password`} error={err('currentPassword')} required>
            <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <FormField
            label={t`New password`}
            error={err('newPassword')}
            hint={t`At least 8 characters`}
            required
          >
            <Input type="password" autoComplete="new-password" {...register('newPassword')} />
          </FormField>
          <FormField label={t`Repeat the new password`} error={err('confirmPassword')} required>
            <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={formState.isSubmitting}>
            <Trans>Change password</Trans>
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
