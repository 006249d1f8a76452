import { Button, Flex, Select, Typography } from 'antd';
import type { CursorPages } from './useCursorPages.js';

/** What a pager with a page-size choice needs: the size asked for, the choices, and what to do when it changes. */
export interface PageSizeChoice {
  pageSize: number;
  options: readonly number[];
  onChange(pageSize: number): void;
}

/**
 * Previous / Next under a paged table, with where the page is in the list and the list's total. Given a page size,
 * it says "21–40 of 51 tenants" and offers the sizes to choose from (changing it returns to the first page); without
 * one, "Page 2 · 51 tenants". Hidden while the whole list fits on the first page (at the smallest size offered).
 */
export function CursorPager({
  pages,
  nextCursor,
  total,
  noun,
  shown,
  size,
}: {
  pages: CursorPages;
  nextCursor: string | null | undefined;
  total: number | undefined;
  noun: string;
  /** How many rows the page on screen holds (with `size`). */
  shown?: number | undefined;
  size?: PageSizeChoice | undefined;
}) {
  // With a size to choose, the pager stays while a smaller size would page the list, so a larger choice can be undone.
  if (pages.pageNumber === 1 && !nextCursor && (!size || (total ?? 0) <= Math.min(...size.options))) return null;
  const first = size ? (pages.pageNumber - 1) * size.pageSize + 1 : 0;
  const where =
    size && shown !== undefined && shown > 0
      ? `${first}–${first + shown - 1}${total === undefined ? '' : ` of ${total}`} ${noun}`
      : `Page ${pages.pageNumber}${total === undefined ? '' : ` · ${total} ${noun}`}`;
  return (
    <Flex justify="space-between" align="center" wrap gap="small" style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">{where}</Typography.Text>
      <Flex gap="small" align="center">
        {size ? (
          <Select<number>
            aria-label="Rows per page"
            value={size.pageSize}
            onChange={(value) => {
              pages.reset();
              size.onChange(value);
            }}
            options={size.options.map((option) => ({ value: option, label: `${option} / page` }))}
            style={{ width: 110 }}
          />
        ) : null}
        <Button onClick={pages.previous} disabled={pages.pageNumber === 1}>
          Previous
        </Button>
        <Button onClick={() => nextCursor && pages.next(nextCursor)} disabled={!nextCursor}>
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
