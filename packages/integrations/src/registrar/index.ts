import { PorkbunRegistrar } from './porkbun';
import type { Registrar, RegistrarConfig } from './types';

export {
  PORKBUN_API_URL,
  registrarProviders,
  type DomainCheck,
  type OwnedDomain,
  type PorkbunConfig,
  type PurchasePreview,
  type PurchaseResult,
  type Registrar,
  type RegistrarConfig,
  type RegistrarPing,
  type RegistrarProvider,
} from './types';
export { PorkbunRegistrar, PORKBUN_DEFAULTS } from './porkbun';

/** The adapter of the configured registrar. */
export function createRegistrar(config: RegistrarConfig): Registrar {
  switch (config.provider) {
    case 'porkbun':
      return new PorkbunRegistrar(config);
  }
}
