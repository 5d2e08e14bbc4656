import { Input } from '@blogfleet/ui';
import { Search } from 'lucide-react';
import { URL_TEXT_MAX } from '../../lib/use-debounced-url-text';

interface Props {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  label: string;
}

/** The search box of a list screen's toolbar (its text is debounced into the URL by useListUrl). */
export function ListSearchBox({ value, onChange, placeholder, label }: Props) {
  return (
    <div className="relative w-full sm:w-72">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        className="h-10 pl-9 md:h-9"
        placeholder={placeholder}
        aria-label={label}
        value={value}
        maxLength={URL_TEXT_MAX}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
