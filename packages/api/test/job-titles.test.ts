/**
 * Job titles are English on the server; the web console says them in the user's language from the
 * kind and the values the title names. Every kind the product runs needs its line there.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { jobKinds } from '../src/jobs/registry';
import { titleValuesOf } from '../src/services/job-view';

const webTitles = new URL('../../../apps/web/src/features/jobs/job-title.ts', import.meta.url);

describe('job titles in the user’s language', () => {
  it('the web console has a title for every job kind', async () => {
    const source = await readFile(webTitles, 'utf8');
    const missing = jobKinds()
      .map((k) => k.kind)
      .filter((kind) => !source.includes(`case '${kind}':`));
    expect(missing).toEqual([]);
  });

  it('reads the values a title names from the payload', () => {
    expect(titleValuesOf({ domain: 'a.com', siteId: 4 })).toEqual({ domain: 'a.com' });
    expect(titleValuesOf({ domainIds: [1, 2, 3] })).toEqual({ count: 3 });
    expect(titleValuesOf({ siteIds: [] })).toEqual({ count: 0 });
    expect(titleValuesOf({ keywordIds: [9] })).toEqual({ count: 1 });
    expect(titleValuesOf({ count: 5, keywordIds: undefined })).toEqual({ count: 5 });
    expect(titleValuesOf({ contentType: 'page', keywords: ['x'] })).toEqual({ content_type: 'page' });
    expect(titleValuesOf({ targetWebsite: 'shop.example', count: 20 })).toEqual({
      target: 'shop.example',
      count: 20,
    });
    // Nothing a title could name, or not an object at all.
    expect(titleValuesOf({ domain: 7, count: 1.5, siteIds: 'all' })).toEqual({});
    expect(titleValuesOf(null)).toEqual({});
    expect(titleValuesOf('x')).toEqual({});
  });
});
