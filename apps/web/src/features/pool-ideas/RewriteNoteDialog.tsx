import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Textarea,
} from '@blogfleet/ui';
import { ideaStatusInput } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { translateIssue } from '../../lib/validation-messages';
import type { IdeaRow } from './use-pool-ideas';

interface Props {
  idea: IdeaRow | null;
  onOpenChange(open: boolean): void;
  onSubmit(id: number, note: string): Promise<unknown>;
}

/** "Needs rewrite" (doc2 §4): the reviewer tells the rewriter what to change; the rewrite is a job. */
export function RewriteNoteDialog({ idea, onOpenChange, onSubmit }: Props) {
  const { t } = useLingui();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (idea === null) return;
    setNote('');
    setError(undefined);
    setFailure(null);
  }, [idea]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!idea) return;
    const parsed = ideaStatusInput.safeParse({ id: idea.id, status: 'needs_rewrite', note });
    if (!parsed.success) {
      setError(translateIssue(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    setFailure(null);
    setSending(true);
    try {
      await onSubmit(idea.id, parsed.data.note ?? '');
      onOpenChange(false);
    } catch (err) {
      setFailure(userMessage(err, { fallback: t`Failed to update status` }));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={idea !== null} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Ask for a rewrite</Trans>
          </DialogTitle>
          <DialogDescription className="break-words">{idea?.idea_text}</DialogDescription>
        </DialogHeader>
        <form id="rewrite-note-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField
            label={t`What should change?`}
            error={error}
            hint={t`The rewriter agent rewrites the idea with your note; it is scored again and comes back for review.`}
          >
            <Textarea rows={4} value={note} onChange={(e) => setNote(e.target.value)} />
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
          <Button type="submit" form="rewrite-note-form" loading={sending}>
            <Trans>Send to rewrite</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
