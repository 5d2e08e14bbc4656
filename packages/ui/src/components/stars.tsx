import { useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export interface StarsProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** 0–max; fractions fill part of a star. Clamped. */
  value: number;
  max?: number;
  size?: 'sm' | 'md';
  /** Accessible text; defaults to the translated '{n} of {max}' (n rounded to one decimal). */
  label?: string;
}

/** Read-only star rating, exposed as one image with a text alternative. */
export function Stars({ value, max = 5, size = 'sm', label, className, ...props }: StarsProps) {
  const { t, i18n } = useLingui();
  const clamped = Math.min(max, Math.max(0, Number.isFinite(value) ? value : 0));
  const n = i18n.number(Math.round(clamped * 10) / 10, { maximumFractionDigits: 1 });
  const starClass = size === 'sm' ? 'size-4' : 'size-5';
  return (
    <span
      role="img"
      aria-label={label ?? t`${n} of ${max}`}
      className={cn('inline-flex items-center gap-0.5', className)}
      {...props}
    >
      {Array.from({ length: max }, (_, i) => {
        const fill = Math.min(1, Math.max(0, clamped - i));
        return (
          <span key={i} className={cn('relative inline-block', starClass)} aria-hidden="true">
            <Star
              className={cn('absolute inset-0 text-subtle', starClass)}
              fill="currentColor"
              strokeWidth={1}
            />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn('text-warning', starClass)} fill="currentColor" strokeWidth={1} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
