import { prettyJson } from './text';

/** A JSON value pretty-printed in a scrolling box (labelled by the heading before it). */
export function JsonBlock({ value, labelledBy }: { value: unknown; labelledBy?: string }) {
  return (
    <pre
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="max-h-72 overflow-auto rounded-md border border-border bg-muted/60 p-3 font-mono text-xs break-words whitespace-pre-wrap"
    >
      {prettyJson(value)}
    </pre>
  );
}
