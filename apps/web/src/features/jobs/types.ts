import type { RouterOutputs } from '@blogfleet/api';

export type JobRow = RouterOutputs['jobs']['list']['jobs'][number];
