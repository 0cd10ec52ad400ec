/** Long enough for a brief hiccup of the network or of a busy server to pass. */
export const RETRY_DELAY_MS = 500;

/**
 * A lazily loaded part of the app (a screen's chunk, the signed-in shell, the texts of a
 * language), tried once more before its failure reaches the error page: on a busy machine or a
 * flaky connection a chunk's first fetch can fail where the second succeeds.
 */
export function retryOnce<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch(async (error: unknown) => {
      console.warn('Loading a part of the app failed; trying once more.', error);
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      return load();
    });
}
