import { ManagerChatAnswerStream, managerChatMessages, queryStringOf, type ManagerChatStreamMessage, type RequestInputOf, type StartManagerChatAnswer } from '@pm/contracts';
import { SseHttpError } from '../../lib/sse/sse-http-error.js';
import { streamSse } from '../../lib/sse/stream-sse.js';

/** Spec 002 §8: what a stream that broke without the server's word reports. */
export const CONNECTION_ERROR = 'Connection error';
/** Spec 002 §8 (AI): the chat's failure, whatever its reason. */
export const ANSWER_FAILED = managerChatMessages.answerFailed;

export type ChatAnswerRequest = Omit<RequestInputOf<typeof StartManagerChatAnswer>, 'message_id'>;
export type CompletedChatAnswer = Extract<ManagerChatStreamMessage, { type: 'completed' }>;
export type ChatAnswerResult = { ok: true; answer: CompletedChatAnswer } | { ok: false; error: string };

/** Tries after a connection lost mid-answer: each resumes the same answer (its message_id, Last-Event-ID). */
const RESUMES = 1;

/**
 * Asks the manager's AI chat one question through `GET simulation/communicate/stream` (spec 002 §7) and follows the
 * answer: `onPartial` gets the text so far as the model writes it; the result is the stored exchange (`completed`) or
 * the reason it failed, as the server gave it (an `error` message, or the refusal before the stream opened), or
 * "Connection error" when the connection broke and a resume did not bring it back. The question is named by a
 * message_id drawn here, so the resume continues the answer under way instead of asking again. Rejects only when
 * `signal` aborts (the user cancelled).
 */
export async function streamChatAnswer(
  request: ChatAnswerRequest,
  options: { accessToken: () => string | null; signal: AbortSignal; onPartial: (text: string) => void },
): Promise<ChatAnswerResult> {
  const url = `/api/${ManagerChatAnswerStream.path}?${queryStringOf({ ...request, message_id: crypto.randomUUID() })}`;
  let lastEventId: string | undefined;
  for (let attempt = 0; attempt <= RESUMES; attempt++) {
    try {
      const events = streamSse(url, {
        accessToken: options.accessToken(),
        headers: lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId },
        parse: (data) => ManagerChatAnswerStream.data.parse(data),
        signal: options.signal,
        doneMarker: null,
      });
      for await (const { id, data } of events) {
        if (id !== undefined) lastEventId = id;
        if (data.type === 'partial') options.onPartial(data.text);
        else if (data.type === 'completed') return { ok: true, answer: data };
        else return { ok: false, error: data.error };
      }
    } catch (error) {
      if (options.signal.aborted) throw error;
      if (error instanceof SseHttpError) return { ok: false, error: serverMessage(error) };
    }
  }
  return { ok: false, error: CONNECTION_ERROR };
}

/** The BFF's refusal before the stream opened: its `{ statusCode, message }`, or the spec's failure text. */
function serverMessage(error: SseHttpError): string {
  try {
    const { message } = JSON.parse(error.body) as { message?: unknown };
    return typeof message === 'string' && message !== '' && error.status !== 500 ? message : ANSWER_FAILED;
  } catch {
    return ANSWER_FAILED;
  }
}
