import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './label';

/** What FormField hands to its control (by cloning the child, or to a render function). */
export interface FormFieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Id of the control; generated when absent (the child's own `id` wins if it has one). */
  id?: string;
  hint?: ReactNode;
  /** Error message (e.g. react-hook-form's `errors.email?.message`); marks the control aria-invalid. */
  error?: ReactNode;
  required?: boolean;
  /** 'inline' puts a checkbox or switch before its label on one line. */
  layout?: 'vertical' | 'inline';
  /** Keep the label for assistive technology only. */
  hideLabel?: boolean;
  className?: string;
  labelClassName?: string;
  /** One control element (Input, Textarea, Select, Checkbox, Switch …) or a render function. */
  children: ReactElement | ((control: FormFieldControlProps) => ReactNode);
}

function joinIds(...ids: (string | undefined | null | false)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * Label + control + hint + error, wired together: the label points at the control, the control is
 * described by the hint and the error, and is aria-invalid while there is an error.
 *
 *   <FormField label={t`Email`} error={errors.email?.message} required>
 *     <Input type="email" {...register('email')} />
 *   </FormField>
 */
export function FormField({
  label,
  id,
  hint,
  error,
  required,
  layout = 'vertical',
  hideLabel,
  className,
  labelClassName,
  children,
}: FormFieldProps) {
  const generated = useId();
  const childProps =
    isValidElement(children) && typeof children !== 'function'
      ? (children.props as Record<string, unknown>)
      : undefined;
  const controlId = (childProps?.id as string | undefined) ?? id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const hasError = error != null && error !== false && error !== '';
  const errorId = hasError ? `${controlId}-error` : undefined;

  const control: FormFieldControlProps = {
    id: controlId,
    'aria-describedby': joinIds(childProps?.['aria-describedby'] as string | undefined, hintId, errorId),
    ...(hasError || childProps?.['aria-invalid'] === true ? { 'aria-invalid': true as const } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };

  const rendered =
    typeof children === 'function'
      ? children(control)
      : isValidElement(children)
        ? cloneElement(children, control)
        : children;

  const labelEl = (
    <Label htmlFor={controlId} required={required} className={cn(hideLabel && 'sr-only', labelClassName)}>
      {label}
    </Label>
  );

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {layout === 'inline' ? (
        <div className="flex items-center gap-2">
          {rendered}
          {labelEl}
        </div>
      ) : (
        <>
          {labelEl}
          {rendered}
        </>
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger-strong">
          {error}
        </p>
      ) : null}
    </div>
  );
}
