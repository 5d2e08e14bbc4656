import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  FormField,
  Input,
  Select,
  toast,
} from '@blogfleet/ui';
import { settingsAnchor } from '@blogfleet/validators';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlaskConical, Save, Trash2 } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { apiError, integrationProblem, userMessage } from '../../lib/api-errors';
import { formatUserDate } from '../../lib/format';
import { translateIssue } from '../../lib/validation-messages';
import type { FieldDef, SectionDef } from './sections';
import type { IntegrationView, SaveInput } from './use-settings';

type FormValues = Record<string, string | number | null>;

/** The form's starting values: what is saved (secrets always empty: they are write-only). */
function formValues(def: SectionDef, view: IntegrationView): FormValues {
  const values: FormValues = {};
  for (const field of def.fields) {
    const saved = view.values[field.name];
    if (field.kind === 'secret') values[field.name] = '';
    else if (field.kind === 'number') values[field.name] = typeof saved === 'number' ? saved : null;
    else if (field.kind === 'select')
      values[field.name] = (saved as string | null) ?? field.options?.[0]?.value ?? '';
    else values[field.name] = (saved as string | null) ?? '';
  }
  return values;
}

interface Props {
  def: SectionDef;
  view: IntegrationView;
  testing: boolean;
  onSave(values: SaveInput[keyof SaveInput]): Promise<IntegrationView>;
  onTest(): Promise<{ result: { message: string } }>;
  onClear(): Promise<IntegrationView>;
}

/** The fields of the chosen provider (a field without `providers` belongs to all). */
function visibleFields(def: SectionDef, provider: string | undefined): FieldDef[] {
  return def.fields.filter((f) => !f.providers || (provider !== undefined && f.providers.includes(provider)));
}

/** One section of Settings → Integrations: status, fields, and Test / Save / Clear. */
export function IntegrationCard({ def, view, testing, onSave, onTest, onClear }: Props) {
  const { t, i18n } = useLingui();
  const [confirmClear, setConfirmClear] = useState(false);
  const form = useForm<FieldValues>({
    resolver: zodResolver(def.schema as never) as unknown as Resolver<FieldValues>,
    defaultValues: formValues(def, view),
  });
  const { register, handleSubmit, control, reset, formState, setError, watch } = form;
  const title = i18n._(def.title);
  const anchor = settingsAnchor(def.section);
  const Icon = def.icon;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await onSave(values as SaveInput[keyof SaveInput]);
      reset(formValues(def, saved));
      toast.success(t`${title} settings saved`);
    } catch (err) {
      const { code, details } = apiError(err);
      const issues = (details as { issues?: { path: string; message: string }[] } | null)?.issues;
      if (code === 'VALIDATION_ERROR' && issues?.length) {
        for (const issue of issues) setError(issue.path, { message: issue.message });
      }
      toast.error(userMessage(err, { fallback: t`Failed to save the ${title} settings` }));
    }
  });

  const test = async () => {
    try {
      const { result } = await onTest();
      toast.success(t`${title}: test passed. ${result.message}`);
    } catch (err) {
      const problem = integrationProblem(err);
      toast.error(
        problem
          ? t`${title}: test failed. ${problem.message}`
          : userMessage(err, { fallback: t`The test failed` }),
      );
    }
  };

  const canTest = view.configured || def.section === 'wordpress_host';
  const hasSaved = view.source === 'settings' || view.lastTest !== null;
  const err = (name: string) => translateIssue(formState.errors[name]?.message as string | undefined);

  return (
    <Card id={anchor} data-testid={`integration-${anchor}`} className="scroll-mt-20">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="flex items-center gap-2">
            <Icon className="size-5 text-muted-foreground" aria-hidden />
            <CardTitle as="h3">{title}</CardTitle>
          </div>
          <div className="flex flex-wrap items-center gap-1.5" data-testid={`status-${anchor}`}>
            <StatusBadges view={view} />
          </div>
        </div>
        <CardDescription>{i18n._(def.description)}</CardDescription>
        {view.lastTest && (
          <p
            className={`text-sm ${view.lastTest.ok ? 'text-success-strong' : 'text-danger-strong'}`}
            data-testid={`last-test-${anchor}`}
          >
            {view.lastTest.ok ? <Trans>Last test passed:</Trans> : <Trans>Last test failed:</Trans>}{' '}
            <span className="break-words">{view.lastTest.message}</span>
          </p>
        )}
        {view.unreadable && (
          <p role="alert" className="text-sm text-danger-strong">
            <Trans>
              The stored secrets cannot be decrypted with the loaded encryption keys. Enter them again.
            </Trans>
          </p>
        )}
      </CardHeader>
      <form onSubmit={submit} noValidate aria-label={title}>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {visibleFields(def, watch('provider') as string | undefined).map((field) => (
            <Field key={field.name} field={field} view={view} error={err(field.name)}>
              {field.kind === 'select' ? (
                <Controller
                  control={control}
                  name={field.name}
                  render={({ field: f }) => (
                    <Select
                      value={String(f.value ?? '')}
                      onValueChange={f.onChange}
                      aria-label={i18n._(field.label)}
                      options={(field.options ?? []).map((o) => ({ value: o.value, label: i18n._(o.label) }))}
                    />
                  )}
                />
              ) : field.kind === 'number' ? (
                <Input
                  type="number"
                  inputMode="decimal"
                  step={field.step ?? 1}
                  min={field.min}
                  max={field.max}
                  placeholder={placeholderOf(field, view)}
                  {...register(field.name, {
                    setValueAs: (v: unknown) =>
                      v === '' || v === null || v === undefined ? null : Number(v),
                  })}
                />
              ) : (
                <Input
                  type={field.kind === 'secret' ? 'password' : 'text'}
                  autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
                  spellCheck={false}
                  placeholder={placeholderOf(field, view)}
                  {...register(field.name)}
                />
              )}
            </Field>
          ))}
        </CardContent>
        <CardFooter className="flex-wrap justify-end gap-2">
          <Button
            variant="ghost"
            className="mr-auto px-3 text-danger-strong"
            disabled={!hasSaved}
            onClick={() => setConfirmClear(true)}
          >
            <Trash2 aria-hidden />
            {/* Icon only on phones, so the three buttons fit on one line. */}
            <span className="max-sm:sr-only">
              <Trans>Clear</Trans>
            </span>
          </Button>
          <Button
            variant="outline"
            onClick={test}
            loading={testing}
            disabled={!canTest || formState.isDirty}
            title={formState.isDirty ? t`Save your changes before testing` : undefined}
          >
            <FlaskConical aria-hidden className="max-sm:hidden" />
            <Trans>Test</Trans>
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            <Save aria-hidden className="max-sm:hidden" />
            <Trans>Save</Trans>
          </Button>
        </CardFooter>
      </form>
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t`Clear the ${title} settings?`}
        description={t`The saved values, secrets and test result are removed. Features that use ${title} stop working until it is set up again.`}
        confirmLabel={t`Clear`}
        destructive
        onConfirm={async () => {
          try {
            const cleared = await onClear();
            reset(formValues(def, cleared));
            toast.success(t`${title} settings cleared`);
          } catch (e) {
            toast.error(userMessage(e, { fallback: t`Failed to clear the ${title} settings` }));
            throw e;
          }
        }}
      />
    </Card>
  );
}

/** What an empty field means: the environment's value (WordPress hosting), a stored secret's mask, or an example. */
function placeholderOf(field: FieldDef, view: IntegrationView): string | undefined {
  if (field.kind === 'secret') return view.secrets[field.name]?.masked ?? undefined;
  const fallback = view.defaults[field.name];
  if (fallback !== undefined && fallback !== null && fallback !== '') return String(fallback);
  return field.placeholder;
}

function Field({
  field,
  view,
  error,
  children,
}: {
  field: FieldDef;
  view: IntegrationView;
  error: string | undefined;
  children: ReactElement;
}) {
  const { i18n, t } = useLingui();
  const secret = field.kind === 'secret' ? view.secrets[field.name] : undefined;
  let hint = field.hint ? i18n._(field.hint) : undefined;
  const masked = secret?.masked;
  if (secret?.set && masked) {
    hint =
      secret.source === 'environment'
        ? t`From the environment: ${masked}. Enter a value to override it.`
        : t`Stored: ${masked}. Leave empty to keep it.`;
  }
  return (
    <FormField
      label={i18n._(field.label)}
      required={field.required && !secret?.set}
      hint={hint}
      error={error}
      className={field.wide ? 'sm:col-span-2' : undefined}
    >
      {children}
    </FormField>
  );
}

/** Configured / not configured, and the last test with its time. */
function StatusBadges({ view }: { view: IntegrationView }) {
  const state =
    view.section === 'ai' && !view.configured ? (
      <Badge variant="warning" className="rounded-md whitespace-normal">
        <Trans>Offline generator (no model configured)</Trans>
      </Badge>
    ) : view.source === 'settings' ? (
      <Badge variant="info">
        <Trans>Configured</Trans>
      </Badge>
    ) : view.source === 'environment' ? (
      <Badge variant="info">
        <Trans>Configured by the environment</Trans>
      </Badge>
    ) : view.source === 'defaults' ? (
      <Badge variant="neutral">
        <Trans>Built-in defaults</Trans>
      </Badge>
    ) : (
      <Badge variant="neutral">
        <Trans>Not configured</Trans>
      </Badge>
    );
  const when = view.lastTest ? formatUserDate(view.lastTest.at) : '';
  return (
    <>
      {state}
      {view.lastTest &&
        (view.lastTest.ok ? (
          <Badge variant="success">
            <Trans>Test passed · {when}</Trans>
          </Badge>
        ) : (
          <Badge variant="danger">
            <Trans>Test failed · {when}</Trans>
          </Badge>
        ))}
    </>
  );
}
