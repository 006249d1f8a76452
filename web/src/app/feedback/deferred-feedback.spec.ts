import { jest } from '@jest/globals';
import { deferredFeedback, type FeedbackApi } from './deferred-feedback.js';

/** antd's API as the holders give it, recording its calls; a message answers a close function that is also a promise. */
function holders() {
  const calls: string[] = [];
  const closed: string[] = [];
  const messageResult = (content: unknown) =>
    Object.assign(() => closed.push(String(content)), { then: (done: (value: boolean) => unknown) => Promise.resolve(true).then(done) });
  const api = {
    message: { success: (content: unknown) => (calls.push(`message.success ${String(content)}`), messageResult(content)) },
    notification: { error: (config: { title: string }) => void calls.push(`notification.error ${config.title}`) },
    modal: {
      confirm: (config: { title: string }) => {
        calls.push(`modal.confirm ${config.title}`);
        return { destroy: () => closed.push(`dialog ${config.title}`), update: (next: { title: string }) => calls.push(`modal.update ${next.title}`) };
      },
    },
  } as unknown as FeedbackApi;
  return { api, calls, closed };
}

describe('deferredFeedback', () => {
  it('asks for the holders on the first call only, and makes the calls kept until then in order once they attach', async () => {
    const onFirstCall = jest.fn();
    const feedback = deferredFeedback(onFirstCall);
    feedback.api.notification.error({ title: 'Failed to fetch navbar flags.' });
    const shown = feedback.api.message.success('Saved');
    expect(onFirstCall).toHaveBeenCalledTimes(1);

    const real = holders();
    feedback.attach(real.api);
    expect(real.calls).toEqual(['notification.error Failed to fetch navbar flags.', 'message.success Saved']);
    await expect(Promise.resolve(shown)).resolves.toBe(true);

    feedback.api.notification.error({ title: 'Failed to fetch sms thread.' });
    expect(real.calls.at(-1)).toBe('notification.error Failed to fetch sms thread.');
    expect(onFirstCall).toHaveBeenCalledTimes(1);
  });

  it('drops a message closed before the holders came, and closes one closed after', async () => {
    const feedback = deferredFeedback(() => undefined);
    const dropped = feedback.api.message.success('Never shown');
    const kept = feedback.api.message.success('Shown');
    dropped();
    const real = holders();
    feedback.attach(real.api);
    expect(real.calls).toEqual(['message.success Shown']);
    kept();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(real.closed).toEqual(['Shown']);
  });

  it('updates and destroys a confirm dialog opened before the holders came', async () => {
    const feedback = deferredFeedback(() => undefined);
    const dialog = feedback.api.modal.confirm({ title: 'Delete?' });
    dialog.update({ title: 'Delete the lease?' });
    const real = holders();
    feedback.attach(real.api);
    dialog.destroy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(real.calls).toEqual(['modal.confirm Delete?', 'modal.update Delete the lease?']);
    expect(real.closed).toEqual(['dialog Delete?']);
  });
});
