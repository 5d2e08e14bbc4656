/** The Blogfleet mark (the favicon's shape), drawn inline so it needs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path d="M9 8h8.5a5 5 0 0 1 2.9 9.1A5.5 5.5 0 0 1 18 24H9z" className="fill-primary-foreground" />
      <path
        d="M13 12v3.5h4a1.75 1.75 0 0 0 0-3.5zm0 7v1.5h4.6a.75.75 0 0 0 0-1.5z"
        className="fill-primary"
      />
    </svg>
  );
}
