import { generateContentInput } from '@blogfleet/validators';
import { generateContent } from '../services/content-generation';
import { defineJobKind, jobContext, PermanentJobError } from './kind';

/** POST content/generate: the piece written from a keyword group, kept as a draft on the site. */
export const generateContentJob = defineJobKind({
  kind: 'content.generate',
  payload: generateContentInput,
  // A model or WordPress hiccup is worth one more try; the piece written by the first attempt is reused.
  retryLimit: 1,
  retryDelaySeconds: 15,
  timeLimitSeconds: 10 * 60,
  title: ({ contentType }) => `Generate ${contentType === 'article' ? 'an article' : `a ${contentType}`}`,
  run: async ({ id, payload, deps, createdBy, progress }) => {
    // The draft post is created on the site as someone: the user who asked.
    if (createdBy === null) throw new PermanentJobError('Content is generated for a user; this job has none');
    const ctx = { ...jobContext({ deps, createdBy }), user: { id: createdBy } };
    return generateContent(ctx, id, payload, progress);
  },
});
