// The toast area as a chunk of its own, fetched with the first toast (toast() itself stays small).
export { Toaster as default } from '@blogfleet/ui';
