import type { AlertQueryBatch, AlertQueryRunner, AlertQuestion, GroupValue } from './alert-query-runner.js';

type BatchBase = Omit<AlertQueryBatch, 'questions'>;

interface Chunk {
  readonly base: BatchBase;
  readonly questions: AlertQuestion[];
  readonly indexOf: Map<string, number>;
  answers: GroupValue[][] | Error | undefined;
}

/** Where the answer to one asked question will be. */
export interface Ticket {
  readonly chunk: Chunk;
  readonly index: number;
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function forEachBounded<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/**
 * Collects the questions of a cycle and asks them in batches: questions over the same accounts, window,
 * grouping and aggregation go into one search (a named filter each), and the same question asked by several
 * alerts is asked once. One scan of a window then answers many alerts.
 */
export function createQuestionBatches(maxQuestionsPerBatch: number) {
  const chunksByKey = new Map<string, Chunk[]>();

  return {
    ask(base: BatchBase, question: AlertQuestion): Ticket {
      const key = JSON.stringify([base.alertAccountId, base.accountIds, base.fromMs, base.toMs, base.groupBy, base.aggregation]);
      const questionKey = JSON.stringify([question.query, question.filters ?? null]);
      const chunks = chunksByKey.get(key) ?? [];
      chunksByKey.set(key, chunks);
      for (const chunk of chunks) {
        const index = chunk.indexOf.get(questionKey);
        if (index !== undefined) return { chunk, index };
      }
      let chunk = chunks[chunks.length - 1];
      if (chunk === undefined || chunk.questions.length >= maxQuestionsPerBatch) {
        chunk = { base, questions: [], indexOf: new Map(), answers: undefined };
        chunks.push(chunk);
      }
      chunk.questions.push(question);
      chunk.indexOf.set(questionKey, chunk.questions.length - 1);
      return { chunk, index: chunk.questions.length - 1 };
    },

    /** Asks every batch, at most `concurrency` at a time, each within `timeoutMs`; failures are kept per batch. */
    async run(runner: AlertQueryRunner, concurrency: number, timeoutMs: number, signal: AbortSignal): Promise<number> {
      const chunks = [...chunksByKey.values()].flat();
      await forEachBounded(chunks, concurrency, async (chunk) => {
        if (signal.aborted) {
          chunk.answers = new Error('aborted');
          return;
        }
        try {
          chunk.answers = await runner.aggregateMany({ ...chunk.base, questions: chunk.questions }, AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]));
        } catch (error) {
          chunk.answers = error instanceof Error ? error : new Error(String(error));
        }
      });
      return chunks.length;
    },
  };
}

/** The answer of a ticket once its batch ran: the groups, or the error of its batch. */
export function answerOf(ticket: Ticket): GroupValue[] | Error {
  const { answers } = ticket.chunk;
  if (answers === undefined) return new Error('the batch did not run');
  if (answers instanceof Error) return answers;
  return answers[ticket.index] ?? [];
}
