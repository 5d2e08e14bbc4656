// The toast area as a chunk of its own, fetched after the first paint (toast() itself stays small).
export { Toaster as default } from '@blogfleet/ui';
