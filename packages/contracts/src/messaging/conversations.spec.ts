import {
  CONVERSATION_PARTICIPANTS_REQUIRED,
  CONVERSATION_PHONE_FORMAT,
  CONVERSATION_PROPERTY_PHONE_AS_PARTICIPANT,
  CONVERSATION_TITLE_TOO_SHORT,
  CONVERSATION_TOO_MANY_PARTICIPANTS,
  CreateGroupConversation,
  SendConversationMessage,
} from './rpc/conversations.js';

const valid = { friendlyName: 'Roof repair', propertyPhone: '+14155550123', participants: [{ phoneNumber: '+15551234567' }] };

function firstIssue(input: unknown): string | undefined {
  return CreateGroupConversation.request.safeParse(input).error?.issues[0]?.message;
}

describe('POST group (spec 001 §6 Create conversation)', () => {
  it('trims the title and phones and drops repeated participants, keeping their order', () => {
    const parsed = CreateGroupConversation.request.parse({
      friendlyName: '  Roof repair ',
      propertyPhone: ' +14155550123 ',
      participants: [{ phoneNumber: '+15551234567' }, { phoneNumber: ' +15557654321' }, { phoneNumber: '+15551234567 ' }],
    });
    expect(parsed).toEqual({ friendlyName: 'Roof repair', propertyPhone: '+14155550123', participants: [{ phoneNumber: '+15551234567' }, { phoneNumber: '+15557654321' }] });
  });

  it('answers each rule with its text', () => {
    expect(firstIssue({ ...valid, friendlyName: undefined })).toBe('Title is required');
    expect(firstIssue({ ...valid, friendlyName: '  ' })).toBe('Title is required');
    expect(firstIssue({ ...valid, friendlyName: 'ab' })).toBe(CONVERSATION_TITLE_TOO_SHORT);
    expect(firstIssue({ ...valid, friendlyName: 'abc' })).toBeUndefined();
    expect(firstIssue({ ...valid, friendlyName: 'x'.repeat(101) })).toBe('Title must be at most 100 characters');
    expect(firstIssue({ ...valid, friendlyName: 'Roof\u0000' })).toBe('Title contains characters that are not allowed');
    expect(firstIssue({ ...valid, propertyPhone: '' })).toBe('Property phone is required');
    for (const phone of ['4155550123', '+4415555012345', '+1415555012', '+1 415 555 0123', '+141555501234']) {
      expect(firstIssue({ ...valid, propertyPhone: phone })).toBe(CONVERSATION_PHONE_FORMAT);
      expect(firstIssue({ ...valid, participants: [{ phoneNumber: phone }] })).toBe(CONVERSATION_PHONE_FORMAT);
    }
    expect(firstIssue({ ...valid, participants: [{ phoneNumber: '' }] })).toBe('Participant phone is required');
    expect(firstIssue({ ...valid, participants: undefined })).toBe(CONVERSATION_PARTICIPANTS_REQUIRED);
    expect(firstIssue({ ...valid, participants: [] })).toBe(CONVERSATION_PARTICIPANTS_REQUIRED);
    expect(firstIssue({ ...valid, participants: [{ phoneNumber: '+14155550123' }] })).toBe(CONVERSATION_PROPERTY_PHONE_AS_PARTICIPANT);
  });

  it('takes at most 10 distinct participants (repeats do not count, but a request cannot carry more than 20 entries)', () => {
    const phones = (n: number) => Array.from({ length: n }, (_, i) => ({ phoneNumber: `+1555123${String(4000 + i)}` }));
    expect(firstIssue({ ...valid, participants: phones(10) })).toBeUndefined();
    expect(firstIssue({ ...valid, participants: [...phones(10), ...phones(10)] })).toBeUndefined();
    expect(firstIssue({ ...valid, participants: phones(11) })).toBe(CONVERSATION_TOO_MANY_PARTICIPANTS);
    expect(firstIssue({ ...valid, participants: [...phones(10), ...phones(10), ...phones(1)] })).toBe(CONVERSATION_TOO_MANY_PARTICIPANTS);
  });
});

describe('POST conversation/{id}/send', () => {
  it('takes 1 to 1,600 characters of text', () => {
    const issue = (content: unknown) => SendConversationMessage.request.safeParse({ id: 'x', content }).error?.issues[0]?.message;
    expect(issue('  ')).toBe('Message is required.');
    expect(issue('x'.repeat(1_601))).toBe('Message must be at most 1,600 characters');
    expect(issue('x'.repeat(1_600))).toBeUndefined();
  });
});
