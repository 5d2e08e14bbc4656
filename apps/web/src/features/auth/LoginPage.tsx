import { Button, Card, CardContent, CardHeader, CardTitle, FormField, Input } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { apiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useDocumentTitle } from '../shell/use-document-title';

const route = getRouteApi('/login');

export function LoginPage() {
  const { login } = useAuth();
  const search = route.useSearch();
  const navigate = useNavigate();
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useDocumentTitle(t`Sign in`);
  const target = search.redirect ?? '/';

  const notice =
    search.reason === 'expired'
      ? t`Your session has expired. Please log in again.`
      : search.redirect
        ? t`Please log in to continue`
        : null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login(email, password);
      await navigate({ to: target, replace: true });
    } catch (err) {
      const { code, message } = apiError(err);
      setError(
        code === 'UNAUTHORIZED'
          ? t`Invalid email or password`
          : code === 'RATE_LIMITED'
            ? t`Too many login attempts. Please try again later.`
            : code === 'NETWORK_ERROR'
              ? t`Network error. Please check your internet connection and try again.`
              : message && code === 'VALIDATION_ERROR'
                ? t`Validation error: ${message}`
                : t`Login failed. Please check your credentials.`,
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 p-4">
      <div className="absolute top-4 right-4">
        <LanguageSwitch />
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">Blogfleet</span>
          </CardTitle>
          <p className="text-sm text-slate-600">
            <Trans>Sign in to manage your sites.</Trans>
          </p>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="flex flex-col gap-4">
            {notice && !error && (
              <div
                role="status"
                className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900"
              >
                {notice}
              </div>
            )}
            {error && (
              <div
                role="alert"
                className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                {error}
              </div>
            )}
            <FormField label={t`Email`} id="email">
              <Input
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormField>
            <FormField label={t`Password`} id="password">
              <Input
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
            <Button type="submit" loading={submitting}>
              <Trans>Sign in</Trans>
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
