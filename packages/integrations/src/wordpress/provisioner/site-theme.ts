import { WordPressHostError } from '../errors';
import type { WordPressHost } from '../types';
import { readSiteInfo } from './info-file';
import { normalizeDomain } from './names';
import { sitePaths } from './paths';
import { writeHelperScripts } from './site-files';
import { runSiteTask } from './site-task';
import { resolveSiteUser } from './site-user';

/**
 * Activates an installed theme of a site this host runs, with WordPress's own switch_theme() (the REST
 * API cannot switch themes). The helper scripts are rewritten first, so a site provisioned by an older
 * version has this task too.
 */
export async function switchSiteTheme(
  host: WordPressHost,
  domainInput: string,
  stylesheet: string,
): Promise<{ stylesheet: string; name: string }> {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/.test(stylesheet)) {
    throw new WordPressHostError('INVALID', `"${stylesheet}" is not a theme folder name`);
  }
  const domain = normalizeDomain(domainInput);
  const paths = sitePaths(host, domain);
  const info = await readSiteInfo(paths.infoFile);
  if (!info || info.status !== 'complete') {
    throw new WordPressHostError('NOT_FOUND', `${domain} is not a site of this host`);
  }
  const user = await resolveSiteUser(host);
  await writeHelperScripts(paths, user);
  const result = await runSiteTask(host, paths, user, 'switch_theme', {
    abspath: `${paths.publicDir}/`,
    siteUrl: info.siteUrl,
    stylesheet,
  });
  return { stylesheet: String(result.stylesheet), name: String(result.name) };
}
