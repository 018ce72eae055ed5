import { Type, type Static } from '@sinclair/typebox';
import { EpochMillis } from '../../shared/wire-bounds.js';

const Epoch = (description: string) => EpochMillis({ description });
const InsightTypeSchema = Type.Unsafe<'PUBLIC_CI' | 'LOGCEPTION'>({ type: 'string', enum: ['PUBLIC_CI', 'LOGCEPTION'] });

export const ListInsightsBody = Type.Object(
  {
    startDate: Type.Optional(Epoch('Window start, epoch ms; default now minus 15 minutes; at most 6 months back')),
    endDate: Type.Optional(Epoch('Window end, epoch ms; default now')),
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Results to skip; default 0' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Results per page, 1..100; default 10' })),
    insightTypes: Type.Optional(Type.Array(InsightTypeSchema, { maxItems: 2, description: 'Default both' })),
    tagNames: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    logTypes: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    onlyNew: Type.Optional(Type.Boolean({ description: 'Only insights first seen in the window; default false' })),
    sortBy: Type.Optional(
      Type.Unsafe<'FIRST_OCCURRENCE' | 'LAST_OCCURRENCE' | 'COUNT'>({
        type: 'string',
        enum: ['FIRST_OCCURRENCE', 'LAST_OCCURRENCE', 'COUNT'],
        description: 'Default COUNT',
      }),
    ),
    asc: Type.Optional(Type.Boolean({ description: 'Ascending order; default false' })),
    search: Type.Optional(Type.String({ maxLength: 1000, description: 'Part of the title, case-insensitive' })),
  },
  { description: 'Which insights to list' },
);
export type ListInsightsBody = Static<typeof ListInsightsBody>;

export const InsightResponse = Type.Object(
  {
    insightId: Type.String(),
    insightType: InsightTypeSchema,
    tagName: Type.String(),
    description: Type.String(),
    links: Type.String({ description: 'Public documentation of a PUBLIC_CI insight, space-separated URLs; empty for LOGCEPTION' }),
    additionalData: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
    firstOccurrence: Type.Integer({ description: 'Epoch ms' }),
    lastOccurrence: Type.Integer({ description: 'Epoch ms' }),
    count: Type.Integer(),
    logTypes: Type.Array(Type.String()),
    kibanaLink: Type.String({ description: "Discover on the insight's logs in the window (relative to the web UI)" }),
    insightTitle: Type.String({ description: 'For LOGCEPTION, the message template with <*> where it varies' }),
  },
  { description: 'An insight' },
);
export type InsightResponse = Static<typeof InsightResponse>;

export const InsightPage = Type.Object(
  {
    pageSize: Type.Integer({ minimum: 0, maximum: 500 }),
    from: Type.Integer(),
    total: Type.Integer({ minimum: 0, maximum: 500 }),
    results: Type.Array(InsightResponse),
  },
  { description: 'A page of insights' },
);
export type InsightPage = Static<typeof InsightPage>;
