import type { OfflineLanguage } from '../../language';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { tr } from './tr';
import type { LanguagePack } from './types';

export type { LanguagePack } from './types';

export const packs: Record<OfflineLanguage, LanguagePack> = { en, tr, es, fr, de };
