import type { WpTransport } from './transport';
import type { WpTheme } from './types';

type Field = { raw?: string; rendered?: string } | string | undefined;
const text = (f: Field): string => (typeof f === 'string' ? f : (f?.raw ?? f?.rendered ?? ''));

/** The themes installed on the site (`/wp/v2/themes`, for users who may switch themes), active first. */
export async function listThemes(t: WpTransport): Promise<WpTheme[]> {
  const items = await t.requestAll<Record<string, unknown>>('/wp/v2/themes', { context: 'edit' });
  return items
    .map((x) => ({
      stylesheet: String(x.stylesheet ?? ''),
      name: text(x.name as Field) || String(x.stylesheet ?? ''),
      version: String(x.version ?? ''),
      active: x.status === 'active',
    }))
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name));
}
