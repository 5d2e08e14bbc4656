import { useLingui } from '@lingui/react/macro';
import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { ReactNode, Ref } from 'react';
import { cn } from '../lib/cn';
import { fieldClasses } from './input';

export interface SelectOption<V extends string = string> {
  /** Must not be the empty string (radix reserves it for "no value"). */
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps<V extends string = string> {
  options: readonly SelectOption<V>[];
  value?: V | '';
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  /** Shown while nothing is chosen; defaults to the translated 'Select…'. */
  placeholder?: ReactNode;
  id?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  size?: 'sm' | 'md';
  /** Classes of the trigger button. */
  className?: string;
  contentClassName?: string;
  ref?: Ref<HTMLButtonElement>;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

/** A single-choice list on radix Select: keyboard operable, typeahead, with a labelled trigger. */
export function Select<V extends string = string>({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  id,
  name,
  disabled,
  required,
  size = 'md',
  className,
  contentClassName,
  ref,
  open,
  onOpenChange,
  ...aria
}: SelectProps<V>) {
  const { t } = useLingui();
  return (
    <SelectPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange as ((value: string) => void) | undefined}
      name={name}
      disabled={disabled}
      required={required}
      open={open}
      onOpenChange={onOpenChange}
    >
      <SelectPrimitive.Trigger
        ref={ref}
        id={id}
        className={cn(
          fieldClasses,
          'flex items-center justify-between gap-2 text-left whitespace-nowrap',
          'data-[placeholder]:text-muted-foreground [&>span]:truncate',
          size === 'sm' ? 'h-8 px-2.5 text-xs' : 'h-9 py-1',
          className,
        )}
        {...aria}
      >
        <SelectPrimitive.Value placeholder={placeholder ?? t`Select…`} />
        <SelectPrimitive.Icon asChild>
          <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className={cn(
            'relative z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width)',
            'overflow-hidden rounded-md border border-border bg-surface text-foreground shadow-md',
            'motion-safe:data-[state=open]:animate-pop-in',
            contentClassName,
          )}
        >
          <SelectPrimitive.ScrollUpButton className="flex h-6 items-center justify-center text-muted-foreground">
            <ChevronUp className="size-4" aria-hidden="true" />
          </SelectPrimitive.ScrollUpButton>
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className={cn(
                  'relative flex w-full cursor-default items-center rounded-sm py-1.5 pr-8 pl-2 text-sm outline-hidden select-none',
                  'data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
                  size === 'sm' && 'text-xs',
                )}
              >
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <span className="absolute right-2 flex size-4 items-center justify-center">
                  <SelectPrimitive.ItemIndicator>
                    <Check className="size-4 text-primary" aria-hidden="true" />
                  </SelectPrimitive.ItemIndicator>
                </span>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
          <SelectPrimitive.ScrollDownButton className="flex h-6 items-center justify-center text-muted-foreground">
            <ChevronDown className="size-4" aria-hidden="true" />
          </SelectPrimitive.ScrollDownButton>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
