/** Page-number paging of back-office and support lists (SPEC §9: 20 per page by default). */
export const pageOffset = (query: { page: number; limit: number }) =>
  (query.page - 1) * query.limit;

export function pageInfo(query: { page: number; limit: number }, total: number) {
  const totalPages = Math.ceil(total / query.limit);
  return {
    total,
    page: query.page,
    currentPage: query.page,
    totalPages,
    hasMore: query.page < totalPages,
  };
}
