import type { RouterOutputs } from '@blogfleet/api';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  Select,
  Textarea,
  toast,
} from '@blogfleet/ui';
import {
  AGENT_VARIABLES,
  agentActionTypes,
  agentTriggers,
  createAgentInput,
  updateAgentInput,
  type AgentActionType,
} from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { translateIssue } from '../../lib/validation-messages';
import { usePoolLabels } from './labels';
import { serverFieldIssues } from './PoolError';

export type Agent = RouterOutputs['aiPool']['agents']['list']['agents'][number];

interface Fields {
  name: string;
  description: string;
  prompt_template: string;
  is_active: boolean;
  action_type: AgentActionType | '';
  trigger: string;
  model: string;
}
type FieldName = keyof Fields;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Fields = {
  name: '',
  description: '',
  prompt_template: '',
  is_active: true,
  action_type: '',
  trigger: 'manual',
  model: '',
};

const FIELD_NAMES: readonly FieldName[] = Object.keys(EMPTY) as FieldName[];

/** The template checks' messages name the variables; they are translated with the names kept. */
function useAgentIssue() {
  const { t } = useLingui();
  return (message: string) => {
    const unknown = /^Unknown variables (.+); this action type can use (.+)$/.exec(message);
    if (unknown) {
      const [, names, allowed] = unknown;
      return t`Unknown variables ${names}; this action type can use ${allowed}`;
    }
    const missing = /^The template must use (.+)$/.exec(message);
    if (missing) {
      const names = missing[1];
      return t`The template must use ${names}`;
    }
    return translateIssue(message) ?? message;
  };
}

interface Props {
  /** The agent to edit, 'new' for a new one, null when closed. */
  agent: Agent | 'new' | null;
  onOpenChange(open: boolean): void;
  /** Only an admin chooses an agent's model (it runs on the admin's API key). */
  isAdmin: boolean;
}

/**
 * A new agent or an agent's edit (doc2 §2 tab 2): name, description, prompt template, active, action
 * type, trigger, and for admins the model. The template may use only its action type's variables and
 * must use the required ones; a refusal shows under the template.
 */
export function AgentDialog({ agent, onOpenChange, isAdmin }: Props) {
  const { t } = useLingui();
  const labels = usePoolLabels();
  const agentIssue = useAgentIssue();
  const utils = trpc.useUtils();
  const activeId = useId();
  const templateRef = useRef<HTMLTextAreaElement>(null);
  const create = trpc.aiPool.agents.create.useMutation();
  const update = trpc.aiPool.agents.update.useMutation();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const editing = agent !== null && agent !== 'new' ? agent : null;
  const open = agent !== null;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFailure(null);
    setFields(
      editing
        ? {
            name: editing.name,
            description: editing.description,
            prompt_template: editing.prompt_template,
            is_active: editing.is_active,
            action_type: editing.action_type,
            trigger: editing.trigger,
            model: editing.model ?? '',
          }
        : EMPTY,
    );
  }, [open, editing]);

  const set = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as FieldName[]) delete next[key];
      if ('action_type' in patch) delete next.prompt_template;
      return next;
    });
  };

  const variables = fields.action_type ? AGENT_VARIABLES[fields.action_type] : null;
  const insertVariable = (name: string) => {
    const area = templateRef.current;
    const token = `{${name}}`;
    const text = fields.prompt_template;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    set({ prompt_template: text.slice(0, start) + token + text.slice(end) });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const collect = (messages: Record<string, string[]>) => {
    const next: Errors = {};
    for (const [key, list] of Object.entries(messages)) {
      if ((FIELD_NAMES as readonly string[]).includes(key)) {
        next[key as FieldName] = [...new Set(list.map(agentIssue))].join('\n');
      }
    }
    return next;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      name: fields.name,
      description: fields.description,
      prompt_template: fields.prompt_template,
      is_active: fields.is_active,
      action_type: fields.action_type || undefined,
      trigger: fields.trigger,
      // Not sent by others: the model an admin chose stays.
      ...(isAdmin ? { model: fields.model.trim() || null } : {}),
    };
    const parsed = editing
      ? updateAgentInput.safeParse({ ...body, id: editing.id })
      : createAgentInput.safeParse(body);
    if (!parsed.success) {
      const messages: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (messages[String(issue.path[0])] ??= []).push(issue.message);
      setErrors(collect(messages));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      if (editing) {
        const { agent: saved } = await update.mutateAsync({ ...parsed.data, id: editing.id });
        toast.success(t`Agent “${saved.name}” saved`);
      } else {
        const { agent: saved } = await create.mutateAsync(parsed.data);
        toast.success(t`Agent “${saved.name}” created`);
      }
      await utils.aiPool.agents.invalidate();
      onOpenChange(false);
    } catch (err) {
      const byField = collect(serverFieldIssues(err));
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setFailure(userMessage(err, { fallback: t`Failed to save the agent` }));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{editing ? <Trans>Edit agent</Trans> : <Trans>New agent</Trans>}</DialogTitle>
          <DialogDescription>
            <Trans>
              An agent does one kind of job with its prompt template. The template’s variables are filled in
              each time it runs; an inactive agent never runs.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form id="agent-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t`Name`} error={errors.name} required>
            <Input autoComplete="off" value={fields.name} onChange={(e) => set({ name: e.target.value })} />
          </FormField>
          <FormField label={t`Description`} error={errors.description}>
            <Textarea
              rows={2}
              value={fields.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Action type`} error={errors.action_type} required>
              <Select
                aria-label={t`Action type`}
                value={fields.action_type}
                placeholder={t`Choose what it does`}
                onValueChange={(v) => set({ action_type: v as AgentActionType })}
                options={agentActionTypes.map((a) => ({ value: a, label: labels.actionType(a) }))}
              />
            </FormField>
            <FormField label={t`Trigger`} error={errors.trigger}>
              <Select
                aria-label={t`Trigger`}
                value={fields.trigger}
                onValueChange={(v) => set({ trigger: v })}
                options={agentTriggers.map((v) => ({ value: v, label: labels.trigger(v) }))}
              />
            </FormField>
          </div>
          <FormField
            label={t`Prompt template`}
            error={errors.prompt_template?.split('\n').map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            required
            hint={
              variables ? (
                <span className="flex flex-col gap-1.5">
                  <span>
                    <Trans>
                      Variables of this action type (click to insert); the highlighted ones are required:
                    </Trans>
                  </span>
                  <span className="flex flex-wrap gap-1">
                    {variables.allowed.map((v) => (
                      <button
                        key={v}
                        type="button"
                        className={
                          variables.required.includes(v)
                            ? 'rounded-full bg-primary-soft px-2 py-0.5 font-mono text-primary-strong hover:bg-primary/15'
                            : 'rounded-full bg-muted px-2 py-0.5 font-mono text-foreground hover:bg-subtle'
                        }
                        aria-label={t`Insert the variable ${v}`}
                        onClick={() => insertVariable(v)}
                      >
                        {`{${v}}`}
                      </button>
                    ))}
                  </span>
                </span>
              ) : (
                t`Choose the action type to see the variables the template can use.`
              )
            }
          >
            <Textarea
              ref={templateRef}
              rows={9}
              className="font-mono text-xs"
              value={fields.prompt_template}
              onChange={(e) => set({ prompt_template: e.target.value })}
            />
          </FormField>
          {isAdmin && (
            <FormField
              label={t`Model`}
              error={errors.model}
              hint={t`Empty: the AI integration’s default model.`}
            >
              <Input
                autoComplete="off"
                value={fields.model}
                placeholder="gpt-4o-mini"
                onChange={(e) => set({ model: e.target.value })}
              />
            </FormField>
          )}
          <div className="flex items-center gap-2">
            <Checkbox
              id={activeId}
              checked={fields.is_active}
              onCheckedChange={(on) => set({ is_active: on === true })}
            />
            <Label htmlFor={activeId}>
              <Trans>Active</Trans>
            </Label>
          </div>
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
          <Button type="submit" form="agent-form" loading={create.isPending || update.isPending}>
            {editing ? <Trans>Save</Trans> : <Trans>Create agent</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
