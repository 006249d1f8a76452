import { chatFailure, chatToasts } from './chat-errors.js';

describe('the chat toasts', () => {
  it('says the request timed out for the 60 s timeout and the BFF\'s 504', () => {
    expect(chatFailure({ status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' }, false)).toEqual({ title: 'Request timed out. Please try again.' });
    expect(chatFailure({ status: 504, data: { statusCode: 504, message: 'The service took too long to answer. Please try again.' } }, false).title).toBe(chatToasts.timedOut);
  });

  it('says it was cancelled when the user cancelled, whatever fetch reports', () => {
    expect(chatFailure({ status: 'FETCH_ERROR', error: 'AbortError: The user aborted a request.' }, true)).toEqual({ title: 'Request was cancelled. Please try again.' });
  });

  it('says the network failed when no answer came', () => {
    expect(chatFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, false)).toEqual({ title: 'Network error. Please check your connection and try again.' });
  });

  it('says sending failed otherwise, with the server\'s explanation when it gave one (never a 500\'s)', () => {
    expect(chatFailure({ status: 503, data: { statusCode: 503, message: 'The local AI model is not installed.' } }, false)).toEqual({
      title: 'Failed to send message. Please try again.',
      description: 'The local AI model is not installed.',
    });
    expect(chatFailure({ status: 500, data: { statusCode: 500, message: 'Something went wrong' } }, false)).toEqual({ title: chatToasts.failed });
  });
});
