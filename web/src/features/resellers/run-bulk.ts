export type BulkOutcome = { id: number; label: string; ok: boolean; message: string };

/**
 * Runs `task` once per item, one after another (business-panel.md §2: one request per selected
 * reseller), reporting each outcome as it arrives. A failure is recorded and the run goes on.
 */
export async function runBulk<Item extends { id: number }>(
  items: readonly Item[],
  task: (item: Item) => Promise<string>,
  describe: (item: Item) => string,
  failureMessage: (error: unknown) => string,
  onOutcome: (outcome: BulkOutcome) => void,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const item of items) {
    let outcome: BulkOutcome;
    try {
      outcome = { id: item.id, label: describe(item), ok: true, message: await task(item) };
    } catch (error) {
      outcome = { id: item.id, label: describe(item), ok: false, message: failureMessage(error) };
    }
    outcomes.push(outcome);
    onOutcome(outcome);
  }
  return outcomes;
}
