// The lazily loaded half of lib/schemas.ts: everything that needs zod at run time.
export * from '@blogfleet/validators';
export { zodResolver } from '@hookform/resolvers/zod';
