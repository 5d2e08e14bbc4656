import { describe, expect, it } from 'vitest';
import { integrationProblemOf } from '../src/lib/integration-problem';

describe('integration failures in the web console', () => {
  it('names the settings section of every INTEGRATION_* failure', () => {
    const message =
      'Cloudflare is not configured. An admin can set it up in Settings → Integrations → Cloudflare.';
    expect(
      integrationProblemOf({
        code: 'INTEGRATION_NOT_CONFIGURED',
        message,
        details: { integration: 'cloudflare', settingsPath: '/settings#cloudflare' },
      }),
    ).toEqual({ message, section: 'cloudflare', hash: 'cloudflare' });
    expect(
      integrationProblemOf({
        code: 'UNAUTHORIZED_INTEGRATION',
        message: 'Invalid API key. (002)',
        details: { integration: 'registrar' },
      }),
    ).toMatchObject({ message: 'Invalid API key. (002)', hash: 'registrar' });
    expect(
      integrationProblemOf({
        code: 'INTEGRATION_ERROR',
        message: 'MariaDB unreachable',
        details: { integration: 'wordpress_host' },
      }),
    ).toMatchObject({ hash: 'wordpress-host' });
  });

  it('leaves other failures, and systems without a settings section, to the usual messages', () => {
    expect(
      integrationProblemOf({ code: 'VALIDATION_ERROR', message: 'bad', details: { issues: [] } }),
    ).toBeNull();
    expect(
      integrationProblemOf({
        code: 'INTEGRATION_ERROR',
        message: 'site down',
        details: { integration: 'wordpress' },
      }),
    ).toBeNull();
    expect(integrationProblemOf({ code: 'NETWORK_ERROR', message: 'offline', details: null })).toBeNull();
  });
});
