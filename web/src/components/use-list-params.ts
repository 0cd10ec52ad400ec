import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@panel/contract';
import type { Sort } from './data-table';

/**
 * Page, page size, keyword and sort of a server-side list. A new keyword, page size or sort starts
 * again at page 1: page 3 of the old result means nothing for the new one.
 */
export function useListParams(initial: { pageSize?: number; sort?: Sort } = {}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(initial.pageSize ?? DEFAULT_PAGE_SIZE);
  const [keyword, setKeywordState] = useState('');
  const [sort, setSortState] = useState<Sort | undefined>(initial.sort);
  const setPageSize = (size: number) => {
    setPageSizeState(size);
    setPage(1);
  };
  const setSort = (value: Sort) => {
    setSortState(value);
    setPage(1);
  };
  return {
    page,
    pageSize,
    keyword,
    sort,
    setPage,
    setPageSize,
    setKeyword: (value: string) => {
      setKeywordState(value);
      setPage(1);
    },
    setSort,
    /** The paging and sorting props of a DataTable showing this list. */
    tableProps: { page, pageSize, sort, onPageChange: setPage, onPageSizeChange: setPageSize, onSortChange: setSort },
  };
}
