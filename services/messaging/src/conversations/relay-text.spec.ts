import { relayText } from './relay-text.js';

describe('a group text relayed to the other participants', () => {
  it('names who wrote it', () => {
    expect(relayText('+15558880101', 'Got it, see you at 9.', 0)).toBe('+15558880101: Got it, see you at 9.');
    expect(relayText('Pacific Coast Plumbing', 'On my way.', 0)).toBe('Pacific Coast Plumbing: On my way.');
  });

  it('says how many attachments stayed in the conversation', () => {
    expect(relayText('Dana', 'Photo of the roof', 1)).toBe('Dana: Photo of the roof [1 attachment not forwarded]');
    expect(relayText('Dana', '', 3)).toBe('Dana:  [3 attachments not forwarded]');
  });

  it('fits one send of 1,600 characters, cutting the text and keeping the sender and the attachment note', () => {
    const relayed = relayText('+15558880101', 'x'.repeat(1_600), 2);
    expect(relayed).toHaveLength(1_600);
    expect(relayed.startsWith('+15558880101: xxx')).toBe(true);
    expect(relayed.endsWith('x… [2 attachments not forwarded]')).toBe(true);
    expect(relayText('A', 'y'.repeat(1_597), 0)).toBe(`A: ${'y'.repeat(1_597)}`);
  });
});
