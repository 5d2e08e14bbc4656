import {
  assignKeywordGroupInput,
  bulkCreateKeywordGroupsInput,
  bulkKeywordGroupPriorityInput,
  bulkKeywordGroupStatusInput,
  bulkKeywordGroupsInput,
  createKeywordGroupInput,
  idParam,
  listKeywordGroupsInput,
  paginationShape,
  suggestKeywordGroupsInput,
  unassignKeywordGroupInput,
  updateKeywordGroupInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import { keywordGroupDetail, keywordGroupView } from '../services/keyword-group-view';
import { suggestKeywordGroups } from '../services/keyword-group-suggestions';
import * as groups from '../services/keyword-groups';
import { protectedProcedure, router } from '../trpc';

const groupResult = z.object({ group: keywordGroupDetail });
const bulkResult = z.object({
  changed: z.number().int().describe('Groups changed'),
  missing: z.array(z.number().int()).describe('Requested ids that matched no group'),
});
const tags = ['keyword-groups'];

export const keywordGroupsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/keyword-groups',
        tags,
        summary: 'List keyword groups',
        description:
          'Filters: status, priority, search (part of the name). Each group carries its primary and secondary keywords, keyword_count, score (0–10 from its keywords) and sites. Answers `data` + `meta.pagination` (doc2 §7).',
      },
      restShape: 'data-meta',
    })
    .input(listKeywordGroupsInput)
    .output(z.object({ data: z.array(keywordGroupView), meta: z.object({ pagination: paginationShape }) }))
    .query(({ ctx, input }) => groups.listKeywordGroups(ctx, input)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/keyword-groups/{id}',
        tags,
        summary: 'One keyword group with its keywords',
      },
    })
    .input(z.object({ id: idParam }))
    .output(groupResult)
    .query(async ({ ctx, input }) => ({ group: await groups.getKeywordGroup(ctx, input.id) })),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keyword-groups',
        tags,
        summary: 'Create a keyword group',
        description:
          'name (required), description, is_prioritized, primary_keyword_id and secondary_keyword_ids (existing keywords), status (default pending), priority (default: high when prioritized, else from the score).',
      },
    })
    .input(createKeywordGroupInput)
    .output(groupResult)
    .mutation(async ({ ctx, input }) => ({ group: await groups.createKeywordGroup(ctx, input) })),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/keyword-groups/{id}',
        tags,
        summary: 'Edit a keyword group',
        description: 'Fields not sent stay as they are; the keyword lists, when sent, replace the members.',
      },
    })
    .input(updateKeywordGroupInput)
    .output(groupResult)
    .mutation(async ({ ctx, input }) => ({ group: await groups.updateKeywordGroup(ctx, input) })),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/keyword-groups/{id}',
        tags,
        summary: 'Delete a keyword group',
        description: 'Its keywords stay.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ id: z.number().int(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => groups.deleteKeywordGroup(ctx, input.id)),

  assign: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keyword-groups/{id}/assign',
        tags,
        summary: 'Assign a group to a site',
        description:
          'websiteId (a site id) and status (active by default): the group and its keywords are assigned to the site; an active assignment makes a pending group active.',
      },
    })
    .input(assignKeywordGroupInput)
    .output(groupResult)
    .mutation(async ({ ctx, input }) => ({ group: await groups.assignKeywordGroup(ctx, input) })),

  suggest: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/keyword-groups/suggestions',
        tags,
        summary: 'Suggest groups for a website’s ungrouped keywords',
        description:
          'Groups the keywords of targetWebsite that are in no group: by the AI model when one is set up (the best scored 300 are sent; what it leaves out is clustered by shared terms), otherwise by the terms they share (the best scored 2,000 are looked at); at most maxGroups groups of up to 50. Nothing is saved: accept the groups (edited or not) with POST /keyword-groups/bulk-create.',
      },
    })
    .input(suggestKeywordGroupsInput)
    .output(
      z.object({
        groups: z.array(
          z.object({
            name: z.string(),
            term: z.string(),
            primary_keyword_id: z.number().int(),
            secondary_keyword_ids: z.array(z.number().int()),
            keywords: z.array(
              z.object({
                id: z.number().int(),
                keyword_text: z.string(),
                score: z.number(),
                search_volume: z.number().int().nullable(),
              }),
            ),
          }),
        ),
        considered: z.number().int().describe('Ungrouped keywords looked at'),
        ungrouped: z.number().int().describe('Of those, keywords no suggested group holds'),
        source: z
          .enum(['model', 'terms'])
          .describe(
            'model: the AI model grouped them (what it left out by shared terms); terms: shared terms only',
          ),
        model_error: z.string().nullable().describe('Why the configured AI model could not group them'),
      }),
    )
    .query(({ ctx, input }) => suggestKeywordGroups(ctx, input)),

  bulkCreate: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keyword-groups/bulk-create',
        tags,
        summary: 'Create several groups at once',
        description:
          'groups: up to 50 groups, each as POST /keyword-groups takes it. All are created, or none when one is refused (the message names it).',
      },
    })
    .input(bulkCreateKeywordGroupsInput)
    .output(z.object({ groups: z.array(keywordGroupView) }))
    .mutation(({ ctx, input }) => groups.bulkCreateKeywordGroups(ctx, input)),

  unassign: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/keyword-groups/{id}/assign/{websiteId}',
        tags,
        summary: 'Take a group off a site',
        description: 'The group’s keywords are taken off the site with it.',
      },
    })
    .input(unassignKeywordGroupInput)
    .output(groupResult)
    .mutation(async ({ ctx, input }) => ({ group: await groups.unassignKeywordGroup(ctx, input) })),

  bulkDelete: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keyword-groups/bulk-delete',
        tags,
        summary: 'Delete several groups',
      },
    })
    .input(bulkKeywordGroupsInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => groups.bulkDeleteKeywordGroups(ctx, input.groupIds)),

  bulkStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keyword-groups/bulk-status',
        tags,
        summary: 'Set the status of several groups',
      },
    })
    .input(bulkKeywordGroupStatusInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) =>
      groups.bulkUpdateKeywordGroups(ctx, input.groupIds, { status: input.status }),
    ),

  bulkPriority: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keyword-groups/bulk-priority',
        tags,
        summary: 'Set the priority of several groups',
      },
    })
    .input(bulkKeywordGroupPriorityInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) =>
      groups.bulkUpdateKeywordGroups(ctx, input.groupIds, { priority: input.priority }),
    ),
});
