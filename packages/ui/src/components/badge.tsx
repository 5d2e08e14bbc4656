import { useLingui } from '@lingui/react/macro';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { humanizeStatus, normalizeStatus, statusTone, type StatusTone } from '../lib/status';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        neutral: 'border-transparent bg-muted text-muted-foreground',
        primary: 'border-transparent bg-primary-soft text-primary-strong',
        success: 'border-transparent bg-success-soft text-success-strong',
        warning: 'border-transparent bg-warning-soft text-warning-strong',
        danger: 'border-transparent bg-danger-soft text-danger-strong',
        info: 'border-transparent bg-info-soft text-info-strong',
        orange: 'border-transparent bg-attention-soft text-attention-strong',
        outline: 'border-border bg-transparent text-foreground',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** Badge variant of each status tone. */
export const TONE_VARIANT: Readonly<Record<StatusTone, BadgeVariant>> = {
  green: 'success',
  yellow: 'warning',
  red: 'danger',
  blue: 'info',
  orange: 'orange',
  grey: 'neutral',
};

/** Translated labels of the statuses the product shows; unknown ones are humanised ("needs_rewrite" → "Needs rewrite"). */
export function useStatusLabel(): (status: string | null | undefined) => string {
  const { t } = useLingui();
  return (status) => {
    switch (normalizeStatus(status)) {
      case 'active':
        return t`Active`;
      case 'inactive':
        return t`Inactive`;
      case 'approved':
        return t`Approved`;
      case 'published':
        return t`Published`;
      case 'ready':
        return t`Ready`;
      case 'pending':
        return t`Pending`;
      case 'pending_review':
        return t`Pending review`;
      case 'draft':
        return t`Draft`;
      case 'rejected':
        return t`Rejected`;
      case 'archived':
        return t`Archived`;
      case 'promoted':
        return t`Promoted`;
      case 'assigned':
        return t`Assigned`;
      case 'review':
        return t`Review`;
      case 'needs_rewrite':
        return t`Needs rewrite`;
      case 'scheduled':
        return t`Scheduled`;
      case 'setup':
        return t`Setup`;
      case 'running':
        return t`Running`;
      case 'completed':
        return t`Completed`;
      case 'failed':
        return t`Failed`;
      case 'available':
        return t`Available`;
      case 'purchased':
        return t`Purchased`;
      case 'taken':
        return t`Taken`;
      case 'high':
        return t`High`;
      case 'medium':
        return t`Medium`;
      case 'low':
        return t`Low`;
      default:
        return humanizeStatus(status);
    }
  };
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'variant' | 'children'> {
  status: string | null | undefined;
  /** Text to show instead of the built-in translated label. */
  label?: ReactNode;
}

/** A badge coloured by the spec's status map (core §4): see `statusTone`. */
export function StatusBadge({ status, label, ...props }: StatusBadgeProps) {
  const statusLabel = useStatusLabel();
  const tone = statusTone(status);
  return (
    <Badge variant={TONE_VARIANT[tone]} data-status={normalizeStatus(status)} data-tone={tone} {...props}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}
