import type { RouterInputs, RouterOutputs } from '@blogfleet/api';
import type { IntegrationSection } from '@blogfleet/validators';
import { trpc } from '../../lib/trpc';

export type IntegrationView = RouterOutputs['settings']['list']['integrations'][number];
type Inputs = RouterInputs['settings'];
export type SaveInput = {
  ai: Inputs['saveAi'];
  wordpress_host: Inputs['saveWordpressHost'];
  cloudflare: Inputs['saveCloudflare'];
  registrar: Inputs['saveRegistrar'];
  keyword_data: Inputs['saveKeywordData'];
  monitoring: Inputs['saveMonitoring'];
};

/** The integration sections and their Save / Test / Clear calls (admins only). */
export function useIntegrationSettings(enabled: boolean) {
  const utils = trpc.useUtils();
  const list = trpc.settings.list.useQuery(undefined, { enabled });
  const refresh = () => utils.settings.list.invalidate();
  const saveAi = trpc.settings.saveAi.useMutation();
  const saveWordpressHost = trpc.settings.saveWordpressHost.useMutation();
  const saveCloudflare = trpc.settings.saveCloudflare.useMutation();
  const saveRegistrar = trpc.settings.saveRegistrar.useMutation();
  const saveKeywordData = trpc.settings.saveKeywordData.useMutation();
  const saveMonitoring = trpc.settings.saveMonitoring.useMutation();
  const test = trpc.settings.test.useMutation({ onSettled: refresh });
  const clear = trpc.settings.clear.useMutation({ onSuccess: refresh });

  async function save<K extends IntegrationSection>(
    section: K,
    input: SaveInput[K],
  ): Promise<IntegrationView> {
    const calls: {
      [S in IntegrationSection]: (i: SaveInput[S]) => Promise<{ integration: IntegrationView }>;
    } = {
      ai: saveAi.mutateAsync,
      wordpress_host: saveWordpressHost.mutateAsync,
      cloudflare: saveCloudflare.mutateAsync,
      registrar: saveRegistrar.mutateAsync,
      keyword_data: saveKeywordData.mutateAsync,
      monitoring: saveMonitoring.mutateAsync,
    };
    const { integration } = await calls[section](input);
    await refresh();
    return integration;
  }

  return {
    list,
    save,
    test: (section: IntegrationSection) => test.mutateAsync({ section }),
    clear: async (section: IntegrationSection) => (await clear.mutateAsync({ section })).integration,
    testing: test.isPending ? test.variables?.section : undefined,
  };
}
