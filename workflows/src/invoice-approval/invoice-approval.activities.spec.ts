import { MockActivityEnvironment } from '@temporalio/testing';
import { RecordingNotifier } from '../../test/support/recording-notifier.js';
import { createActivities } from './invoice-approval.activities.js';

const reminder = {
  invoiceId: 'inv-1',
  locationId: 'loc-1',
  approverUserId: 'usr-1',
  reminderNumber: 2,
  maxReminders: 3,
  pendingSince: '2025-03-01T09:00:00.000Z',
  idempotencyKey: 'invoice-approval:inv-1:reminder:2',
};

describe('invoice-approval activities', () => {
  it('deliver reminders and escalations through the injected notifier, unchanged', async () => {
    const notifier = new RecordingNotifier();
    const activities = createActivities({ notifier: notifier.for('activity') });
    const env = new MockActivityEnvironment();
    const escalation = { ...reminder, remindersSent: 3, idempotencyKey: 'invoice-approval:inv-1:escalation' };

    await env.run(activities.sendApprovalReminder, reminder);
    await env.run(activities.escalateInvoiceApproval, escalation);

    expect(notifier.deliveries).toEqual([
      { kind: 'reminder', by: 'activity', message: reminder },
      { kind: 'escalation', by: 'activity', message: escalation },
    ]);
  });

  it('fail when delivery fails, so Temporal retries the activity', async () => {
    const activities = createActivities({
      notifier: {
        sendReminder: async () => {
          throw new Error('messaging service unavailable');
        },
        escalate: async () => undefined,
      },
    });
    await expect(new MockActivityEnvironment().run(activities.sendApprovalReminder, reminder)).rejects.toThrow('messaging service unavailable');
  });
});
