/** Walks a table in id order, `size` rows a query, so no query holds the whole table. */
export async function* inBatches<Row extends { id: string }>(
  fetchAfter: (lastId: string | undefined, size: number) => Promise<Row[]>,
  size = 1000,
): AsyncGenerator<Row> {
  let lastId: string | undefined;
  for (;;) {
    const batch = await fetchAfter(lastId, size);
    yield* batch;
    if (batch.length < size) return;
    lastId = batch[batch.length - 1]!.id;
  }
}
