import type { QueryAst } from '../../query/index.js';
import type { MeasuredGroup } from '../../storage/log-store.js';
import { forEachBounded } from './bounded.js';
import type { LogQuestions, Question, QuestionBatch } from './question.js';

type BatchBase = Omit<QuestionBatch, 'conditions'>;

interface Chunk {
  readonly base: BatchBase;
  readonly conditions: QueryAst[];
  readonly indexOf: Map<string, number>;
  answers: MeasuredGroup[][] | Error | undefined;
}

/** Where the answer to one asked question will be. */
export interface Ticket {
  readonly chunk: Chunk;
  readonly index: number;
}

/**
 * Collects the questions of a cycle and asks them in batches: questions over the same accounts, window, grouping,
 * measure and excluded types go into one pass of the store, and the same question asked by several rules is asked
 * once. One scan of a window then answers many rules.
 */
export function createQuestionBatches(maxQuestionsPerBatch: number) {
  const chunksByKey = new Map<string, Chunk[]>();

  return {
    ask(question: Question, excludedTypes: readonly string[]): Ticket {
      const { condition, ...rest } = question;
      const base: BatchBase = { ...rest, excludedTypes };
      const key = JSON.stringify([
        base.searcherAccountId,
        base.accountIds,
        base.window.fromMs,
        base.window.toMs,
        base.groupBy,
        base.measure,
        excludedTypes,
      ]);
      const questionKey = JSON.stringify(condition);
      const chunks = chunksByKey.get(key) ?? [];
      chunksByKey.set(key, chunks);
      for (const chunk of chunks) {
        const index = chunk.indexOf.get(questionKey);
        if (index !== undefined) return { chunk, index };
      }
      let chunk = chunks[chunks.length - 1];
      if (chunk === undefined || chunk.conditions.length >= maxQuestionsPerBatch) {
        chunk = { base, conditions: [], indexOf: new Map(), answers: undefined };
        chunks.push(chunk);
      }
      chunk.conditions.push(condition);
      chunk.indexOf.set(questionKey, chunk.conditions.length - 1);
      return { chunk, index: chunk.conditions.length - 1 };
    },

    /** Asks every batch, at most `concurrency` at a time, each within `timeoutMs`; failures are kept per batch. */
    async run(questions: LogQuestions, concurrency: number, timeoutMs: number, signal: AbortSignal): Promise<number> {
      const chunks = [...chunksByKey.values()].flat();
      await forEachBounded(chunks, concurrency, async (chunk) => {
        if (signal.aborted) {
          chunk.answers = new Error('aborted');
          return;
        }
        try {
          chunk.answers = await questions.measure(
            { ...chunk.base, conditions: chunk.conditions },
            AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
          );
        } catch (error) {
          chunk.answers = error instanceof Error ? error : new Error(String(error));
        }
      });
      return chunks.length;
    },
  };
}

export type QuestionBatches = ReturnType<typeof createQuestionBatches>;

/** The answer of a ticket once its batch ran: the groups, or the error of its batch. */
export function answerOf(ticket: Ticket): MeasuredGroup[] | Error {
  const { answers } = ticket.chunk;
  if (answers === undefined) return new Error('the batch did not run');
  if (answers instanceof Error) return answers;
  return answers[ticket.index] ?? [];
}
