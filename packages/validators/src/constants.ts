/**
 * Plain values of the contracts, free of zod, so the browser's first chunk can use them without
 * loading the validation library (`@blogfleet/validators/constants`).
 */
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

export const MAX_PAGE = 100_000;
export const PAGE_SIZES = [10, 20, 50, 100, 500] as const;

export const USERS_PAGE_SIZE = 10;

export const DOMAINS_PAGE_SIZE = 20;

export const domainStatuses = ['available', 'pending', 'approved', 'purchased', 'taken'] as const;
export type DomainStatus = (typeof domainStatuses)[number];
