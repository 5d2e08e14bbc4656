import { Alert, Button, Card, CardContent, CardHeader, CardTitle, FormField, Input } from '@blogfleet/ui';
import type { LoginInput } from '@blogfleet/validators';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { lazyZodResolver, loadSchemas } from '../../lib/schemas';
import { translateIssue } from '../../lib/validation-messages';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useDocumentTitle } from '../shell/use-document-title';

const route = getRouteApi('/login');

/**
 * Why a sign-in failed, kept as a message descriptor (not text), so a switch of language re-renders a
 * shown error in the new language.
 */
type LoginFailure = { message: MessageDescriptor; detail?: string };

function failureOf(err: unknown): LoginFailure {
  const { code, message } = apiError(err);
  if (code === 'UNAUTHORIZED') return { message: msg`Invalid email or password` };
  if (code === 'RATE_LIMITED') return { message: msg`Too many login attempts. Please try again later.` };
  if (code === 'NETWORK_ERROR')
    return { message: msg`Network error. Please check your internet connection and try again.` };
  if (code === 'VALIDATION_ERROR' && message) return { message: msg`Validation error:`, detail: message };
  return { message: msg`Login failed. Please check your credentials.` };
}

export function LoginPage() {
  const { login } = useAuth();
  const search = route.useSearch();
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const form = useForm<LoginInput>({
    resolver: lazyZodResolver<LoginInput>((s) => s.loginInput),
    defaultValues: { email: '', password: '' },
  });
  const { register, handleSubmit, formState } = form;

  useDocumentTitle(t`Sign in`);
  const target = search.redirect ?? '/';
  const notice =
    search.reason === 'expired'
      ? t`Your session has expired. Please log in again.`
      : search.redirect
        ? t`Please log in to continue`
        : null;

  const submit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await login(email, password);
      await navigate({ to: target, replace: true });
    } catch (err) {
      setFailure(failureOf(err));
    }
  });
  // Field messages are translated at render too, so they also follow the language switch.
  const fieldError = (name: keyof LoginInput) => translateIssue(formState.errors[name]?.message);

  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-background p-4">
      <div className="absolute top-4 right-4">
        <LanguageSwitch />
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Blogfleet
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            <Trans>Sign in to manage your sites.</Trans>
          </p>
        </CardHeader>
        <CardContent>
          {/* The schemas arrive while the user types, so submitting does not wait for them. */}
          <form
            onSubmit={submit}
            onFocusCapture={() => void loadSchemas()}
            noValidate
            className="flex flex-col gap-4"
          >
            {notice && !failure && <Alert tone="info">{notice}</Alert>}
            {failure && (
              <Alert>
                {i18n._(failure.message)}
                {failure.detail ? ` ${translateIssue(failure.detail)}` : null}
              </Alert>
            )}
            <FormField label={t`Email`} id="email" error={fieldError('email')} required>
              <Input type="email" autoComplete="username" {...register('email')} />
            </FormField>
            <FormField label={t`Password`} id="password" error={fieldError('password')} required>
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </FormField>
            <Button type="submit" className="h-10" loading={formState.isSubmitting}>
              <Trans>Sign in</Trans>
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
