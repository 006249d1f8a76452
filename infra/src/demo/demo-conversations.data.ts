/**
 * The demo account's conversations: what tenants (and one stranger) texted and e-mailed the demo locations, and what
 * the team did with each thread. Pure data, read by `seed-demo-conversations.ts`, which sends every message through
 * the platform's real inputs (signed SMS webhook posts, SMTP) and every action through the BFF's calls. Senders are
 * named as tenants of `demo-portfolio.data.ts`: their phone numbers and e-mail addresses come from there, so a
 * message is matched to its tenant exactly as a real one would be. The one unknown sender writes from a 555-01XX
 * number no demo tenant has.
 *
 * Every message has a fixed key, from which its MessageSid or Message-ID is made: seeding again stores nothing twice.
 */

/** What the team did with a thread, after its messages came in. */
export type DemoThreadAction =
  /** Replied with this text (sms/send-response or email/send-response), approving the reply. */
  | { kind: 'reply'; text: string }
  /** Rewrote the last message's AI draft with its own text (a new `edit` version). */
  | { kind: 'edit'; text: string }
  /** Asked the assistant for a new draft of the last message (a new `regenerate` version). */
  | { kind: 'regenerate' }
  /** Closed the thread without a reply. */
  | { kind: 'archive' }
  /** Resolved the ticket the last message opened (a repair request or an emergency, triaged as it arrived). */
  | { kind: 'resolve-ticket' };

interface DemoThreadBase {
  /** Fixed: the MessageSids / Message-IDs are derived from it and the message's position. */
  key: string;
  locationName: string;
  /** The tenant writing (by full name, as in the demo portfolio), or a stranger. */
  from: { tenant: string } | { unknownPhone: string };
  actions: DemoThreadAction[];
}

export interface DemoSmsThread extends DemoThreadBase {
  channel: 'sms';
  /** The texts, oldest first. */
  messages: string[];
}

export interface DemoEmailThread extends DemoThreadBase {
  channel: 'email';
  from: { tenant: string };
  subject: string;
  /** Oldest first; each later one answers the one before it (In-Reply-To / References), as a mail client threads it. */
  messages: { text: string; attachment?: DemoPdfAttachment }[];
}

export interface DemoPdfAttachment {
  filename: string;
  /** The lines printed on the PDF's one page. */
  lines: string[];
}

export type DemoThread = DemoSmsThread | DemoEmailThread;

/** In the order they arrive. */
export const demoConversations: readonly DemoThread[] = [
  {
    key: 'harbor-view-maria-recycling',
    channel: 'sms',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Maria Gonzalez' },
    messages: ['Hi, is recycling picked up this Friday or next Friday?', 'Also, do I need to flatten the boxes from our new couch?'],
    actions: [
      {
        kind: 'reply',
        text: 'Hi Maria, recycling goes out every other Friday and the next pickup is this Friday. Yes, please flatten the cardboard and leave it in the bins in the garage enclosure next to the B elevators. Thank you!',
      },
    ],
  },
  {
    key: 'harbor-view-james-dishwasher',
    channel: 'email',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'James Whitfield' },
    subject: 'Dishwasher not draining (A102)',
    messages: [
      {
        text: [
          'Hello,',
          '',
          'Since Sunday our dishwasher leaves standing water at the bottom after every cycle. I have already cleaned the filter.',
          'Attached is the invoice from the repair in March, in case the drain pump is still under warranty.',
          'Someone may enter on weekdays after 9 am.',
          '',
          'Thanks,',
          'James Whitfield, A102',
        ].join('\n'),
        attachment: {
          filename: 'dishwasher-repair-invoice.pdf',
          lines: [
            'Coastal Appliance Repair - Invoice 4471',
            'Harbor View Apartments, 1450 Harbor View Drive, Apt A102',
            'Dishwasher: drain pump replaced, 90-day parts warranty',
            'Parts $86.00  Labor $95.00  Total $181.00',
          ],
        },
      },
    ],
    actions: [
      {
        kind: 'reply',
        text: 'Hello James,\n\nThank you for the details and the invoice. We have scheduled a technician for Thursday between 9 am and noon and asked Coastal Appliance Repair about the warranty on the pump.\n\nBest regards,\nHarbor View Apartments',
      },
      // The technician came: the Tickets board's Resolved column has it, beside the open leak.
      { kind: 'resolve-ticket' },
    ],
  },
  {
    key: 'harbor-view-daniel-parking',
    channel: 'sms',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Daniel Kim' },
    messages: ['My brother is visiting this weekend. Where can he park his car?'],
    actions: [
      {
        kind: 'edit',
        text: 'Hi Daniel, your brother can use the visitor spaces on level P1 for up to 24 hours at a time. Please register his plate at the front desk when he arrives.',
      },
    ],
  },
  {
    key: 'harbor-view-prospect',
    channel: 'sms',
    locationName: 'Harbor View Apartments',
    from: { unknownPhone: '(619) 555-0190' },
    messages: ['Hello, do you have any 2 bedroom apartments available in January? I saw the sign on Harbor Drive.'],
    actions: [{ kind: 'archive' }],
  },
  {
    key: 'harbor-view-hannah-renewal',
    channel: 'email',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Hannah Schultz' },
    subject: 'Renewing my lease',
    messages: [
      { text: 'Hi,\n\nMy lease ends in about two months and I would like to stay another year. When will I receive a renewal offer?\n\nHannah Schultz, A109' },
      { text: 'Hi again,\n\nJust following up on my question below. Could the manager give me a call this week?\n\nThanks,\nHannah' },
    ],
    actions: [],
  },
  {
    key: 'harbor-view-emily-cat',
    channel: 'sms',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Emily Chen' },
    messages: ['Hi! I am thinking of adopting a cat. Are pets allowed, and is there a deposit?'],
    actions: [{ kind: 'regenerate' }],
  },
  {
    key: 'harbor-view-olivia-noise',
    channel: 'sms',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Olivia Bennett' },
    messages: ['Someone upstairs is moving furniture again and it is past 11 pm. This is the third night this week.'],
    actions: [],
  },
  {
    key: 'harbor-view-samuel-gym',
    channel: 'sms',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Samuel Okafor' },
    messages: ['What are the fitness center hours on weekends?'],
    actions: [],
  },
  {
    key: 'cedar-street-peter-trash',
    channel: 'sms',
    locationName: 'Cedar Street Fourplex',
    from: { tenant: 'Peter Lindqvist' },
    messages: ['Which day is trash day? I just moved in.'],
    actions: [
      {
        kind: 'reply',
        text: 'Welcome, Peter! Trash, recycling and compost are collected on Thursday mornings. Please roll the carts to the curb on Wednesday evening and back by Thursday night.',
      },
    ],
  },
  {
    key: 'harbor-view-luis-sparks',
    channel: 'sms',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Luis Gonzalez' },
    messages: ['Hay chispas y olor a quemado en el enchufe de la cocina. ¿Qué hago? Apto A101'],
    actions: [],
  },
  {
    key: 'cedar-street-abigail-laundry',
    channel: 'email',
    locationName: 'Cedar Street Fourplex',
    from: { tenant: 'Abigail Moore' },
    subject: 'Basement dryer',
    messages: [{ text: 'Hello,\n\nThe dryer in the basement laundry stopped halfway through my load last night and shows an error. Could someone take a look?\n\nAbigail Moore, Unit 4' }],
    actions: [{ kind: 'archive' }],
  },
  {
    key: 'harbor-view-tyler-leak',
    channel: 'sms',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Tyler Brooks' },
    messages: ['Water is leaking from under my kitchen sink and it is all over the floor. A204, please help!'],
    actions: [],
  },
];

/** The thread whose message is triaged URGENT (a leak): what the demo's emergency shows, its ticket left open. */
export const demoUrgentThreadKey = 'harbor-view-tyler-leak';

/**
 * A Spanish-speaking tenant reports sparks: urgent too, drafted in Spanish with the safety step and whom to call (the
 * electrical rule's contractor and the emergency line).
 */
export const demoSpanishHazardThreadKey = 'harbor-view-luis-sparks';

/** A question the knowledge does not answer: the draft defers, with the near misses and "Add as Q&A item". */
export const demoUncoveredThreadKey = 'harbor-view-samuel-gym';

/** The thread whose repair ticket the team resolved: the demo's resolved ticket. */
export const demoResolvedTicketThreadKey = 'harbor-view-james-dishwasher';

/** A bulk SMS the team sent to every tenant of a location with a phone (`sms/bulk-send`): the demo's Sent SMS shows it. */
export const demoBulkSms = {
  locationName: 'Cedar Street Fourplex',
  message: 'Cedar Street Fourplex: the water will be off this Thursday from 9 AM to noon while the plumber replaces the main shut-off valve. Thank you for your patience!',
} as const;
