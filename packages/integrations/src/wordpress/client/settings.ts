import type { WpTransport } from './transport';
import type { WpSettings, WpSettingsPatch } from './types';

/** `/wp/v2/settings` names these title, description, url, email, timezone (timezone_string), language (WPLANG). */
export const mapSettings = (s: Record<string, unknown>): WpSettings => ({
  title: String(s.title ?? ''),
  description: String(s.description ?? ''),
  url: String(s.url ?? ''),
  email: String(s.email ?? ''),
  timezone: String(s.timezone ?? ''),
  // An empty WPLANG is WordPress's default locale.
  language: String(s.language ?? '') || 'en_US',
});

export async function getSettings(t: WpTransport): Promise<WpSettings> {
  return mapSettings((await t.request<Record<string, unknown>>('GET', '/wp/v2/settings')).data);
}

export async function updateSettings(t: WpTransport, patch: WpSettingsPatch): Promise<WpSettings> {
  const body = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return mapSettings(
    (await t.request<Record<string, unknown>>('POST', '/wp/v2/settings', { json: body })).data,
  );
}
