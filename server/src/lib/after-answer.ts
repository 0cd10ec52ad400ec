import type { FastifyBaseLogger } from 'fastify';

const running = new Set<Promise<void>>();

/**
 * Work a request starts that its answer must not wait for, because the answer's timing would tell
 * what the work found: a password reset mail goes only to an address that has an account, so the
 * look-up, the token and the mail run after the answer has left. Failures are logged, never
 * answered (the answer is gone); `afterAnswerSettled` waits for what is still running (the server's
 * close, tests that read the mail).
 */
export function afterAnswer(log: FastifyBaseLogger, what: string, work: () => Promise<void>) {
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
    .finally(() => running.delete(task));
  running.add(task);
}

export async function afterAnswerSettled() {
  while (running.size > 0) await Promise.allSettled([...running]);
}
