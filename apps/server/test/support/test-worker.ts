// The real worker entry with the test job kinds registered first (spawned by the job tests).
import { registerJobKinds } from '@blogfleet/api';
import { testJobKinds } from './job-kinds';

registerJobKinds(...testJobKinds);
await import('../../src/worker');
