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
  Textarea,
  toast,
} from '@blogfleet/ui';
import { createPolicyInput } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { translateIssue } from '../../lib/validation-messages';
import { serverFieldIssues } from './PoolError';

interface Fields {
  trait: string;
  guiding_principle: string;
  context: string;
  examples: string;
}
type Errors = Partial<Record<keyof Fields, string>>;
const EMPTY: Fields = { trait: '', guiding_principle: '', context: '', examples: '' };
/** Shown in the hints (braces cannot sit in a translated message). */
const CONTEXT_SAMPLE = '{"applies_to": "headlines"}';
const EXAMPLES_SAMPLE = '["Say you, not one"]';
const KEYS = Object.keys(EMPTY) as (keyof Fields)[];

const firstOf = (issues: Record<string, string[]>): Errors => {
  const out: Errors = {};
  for (const key of KEYS) {
    const message = issues[key]?.[0];
    if (message) out[key] = translateIssue(message);
  }
  return out;
};

/**
 * Add a policy by hand (doc2 §2 tab 3): trait, guiding principle, and context and examples as JSON.
 * JSON that does not parse is shown under its field; the policy starts pending review.
 */
export function PolicyDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const create = trpc.aiPool.policies.create.useMutation();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFields(EMPTY);
    setErrors({});
    setFailure(null);
  }, [open]);

  const set = (key: keyof Fields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = createPolicyInput.safeParse(fields);
    if (!parsed.success) {
      const issues: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (issues[String(issue.path[0])] ??= []).push(issue.message);
      setErrors(firstOf(issues));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      // The text as typed: the server reads the JSON the same way.
      const { policy } = await create.mutateAsync(fields);
      toast.success(t`Policy “${policy.trait}” added; it waits for review`);
      await utils.aiPool.policies.invalidate();
      onOpenChange(false);
    } catch (err) {
      const byField = firstOf(serverFieldIssues(err));
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setFailure(userMessage(err, { fallback: t`Failed to add the policy` }));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Add policy</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              A rule the agents follow once it is approved: every agent’s prompt carries the active policies.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="policy-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField
            label={t`Trait`}
            error={errors.trait}
            required
            hint={t`A short name, e.g. Friendly tone`}
          >
            <Input autoComplete="off" value={fields.trait} onChange={(e) => set('trait', e.target.value)} />
          </FormField>
          <FormField label={t`Guiding principle`} error={errors.guiding_principle} required>
            <Textarea
              rows={3}
              value={fields.guiding_principle}
              onChange={(e) => set('guiding_principle', e.target.value)}
            />
          </FormField>
          <FormField
            label={t`Context (JSON)`}
            error={errors.context}
            hint={t`A JSON object, e.g. ${CONTEXT_SAMPLE}; empty for none.`}
          >
            <Textarea
              rows={4}
              className="font-mono text-xs"
              spellCheck={false}
              value={fields.context}
              onChange={(e) => set('context', e.target.value)}
            />
          </FormField>
          <FormField
            label={t`Examples (JSON)`}
            error={errors.examples}
            hint={t`A JSON list or object, e.g. ${EXAMPLES_SAMPLE}; empty for none.`}
          >
            <Textarea
              rows={4}
              className="font-mono text-xs"
              spellCheck={false}
              value={fields.examples}
              onChange={(e) => set('examples', e.target.value)}
            />
          </FormField>
          {failure && (
            <p role="alert" className="text-sm text-danger-strong">
              {failure}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="policy-form" loading={create.isPending}>
            <Trans>Add policy</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
