import { Button, Flex, Typography } from 'antd';
import type { CursorPages } from './useCursorPages.js';

/**
 * Previous / Next under a paged table, with the page number and the list's total. Hidden while the whole list fits
 * on the first page.
 */
export function CursorPager({ pages, nextCursor, total, noun }: { pages: CursorPages; nextCursor: string | null | undefined; total: number | undefined; noun: string }) {
  if (pages.pageNumber === 1 && !nextCursor) return null;
  return (
    <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">{`Page ${pages.pageNumber}${total === undefined ? '' : ` · ${total} ${noun}`}`}</Typography.Text>
      <Flex gap="small">
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
