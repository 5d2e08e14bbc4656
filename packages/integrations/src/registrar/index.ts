import { NamecheapRegistrar } from './namecheap';
import { PorkbunRegistrar } from './porkbun';
import type { Registrar, RegistrarConfig } from './types';

export {
  NAMECHEAP_API_URL,
  PORKBUN_API_URL,
  registrarProviders,
  type DomainCheck,
  type NamecheapConfig,
  type NamecheapContact,
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
export { NamecheapRegistrar, NAMECHEAP_DEFAULTS } from './namecheap';

/** The adapter of the configured registrar. */
export function createRegistrar(config: RegistrarConfig): Registrar {
  switch (config.provider) {
    case 'porkbun':
      return new PorkbunRegistrar(config);
    case 'namecheap':
      return new NamecheapRegistrar(config);
  }
}
