import type { trpc } from '../../lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/** Saves the analytics must-use plugin as a file, for a site Blogfleet does not host. */
export async function downloadPlugin(utils: Utils) {
  const { filename, content } = await utils.analytics.plugin.fetch();
  const url = URL.createObjectURL(new Blob([content], { type: 'application/x-php' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
