/** One page of a console list (schemas/src/admin.ts, PageOf): the rows mapped, the total, the page and its size. */
export async function consolePage<Row, Item>(
  window: { page: number; limit: number },
  rows: Promise<Row[]>,
  total: Promise<number>,
  toItem: (row: Row) => Item,
) {
  const [list, count] = await Promise.all([rows, total])
  return { items: list.map(toItem), total: count, page: window.page, pageSize: window.limit }
}
