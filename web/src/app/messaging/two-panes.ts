import type { CSSProperties } from 'react';

/** Spec 001 §9: the message list drawer is 320 px wide. */
export const LIST_PANE_WIDTH = 320;

/**
 * The two panes of a messaging page (the list, then the open thread) in a wrapping flex row: side by side while the
 * thread gets at least 360 px beside the 320 px list; otherwise stacked, each the full width. A list that kept its
 * 320 px alone on a row left an empty column beside it (a 768 px tablet with the sidebar open). Side by side, the
 * list grows by a thousandth of the spare room (next to nothing) and the thread takes the rest.
 */
export const listPaneStyle: CSSProperties = { flex: `1 1 ${LIST_PANE_WIDTH}px`, maxWidth: '100%', boxSizing: 'border-box' };
export const threadPaneStyle: CSSProperties = { flex: '1000 1 360px', minWidth: 0, boxSizing: 'border-box' };
