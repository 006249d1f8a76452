/**
 * Spec 001 §9: a row opens 200 ms after a single click, so a double click (which selects or renames) does not also
 * open it. `click` starts the timer, `cancel` (the double click) stops it.
 */
export const SINGLE_CLICK_OPEN_DELAY_MS = 200;

export function singleClickOpener(open: (id: string) => void, delayMs = SINGLE_CLICK_OPEN_DELAY_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    click(id: string) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        open(id);
      }, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
