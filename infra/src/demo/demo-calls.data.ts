/**
 * The demo's inbound calls: callers who phoned a demo location's number and spoke with the building's virtual
 * assistant. Placed through the sandbox phone's `POST sandbox/phone/call` (the same signed voice webhooks Twilio
 * posts), each sentence one turn, ended with a goodbye so the call is logged completed with its duration. A turn the
 * assistant cannot answer (not covered by the location's knowledge, or the models absent) is passed on to the team as
 * an inbound message of the caller's SMS thread, exactly as a real call's would be. Calls are dated when they are
 * placed: the voice webhooks take no sender's time.
 */
export interface DemoCall {
  /** Fixed: how the seed recognises a call it placed before (with the caller's phone and first sentence). */
  key: string;
  locationName: string;
  /** A tenant of the demo portfolio (their phone is the caller's), or a stranger's number. */
  from: { tenant: string } | { unknownPhone: string };
  /** What the caller says, in order; the seed adds the goodbye. */
  speech: string[];
}

export const DEMO_CALL_GOODBYE = "No, that's all. Goodbye.";

export const demoCalls: readonly DemoCall[] = [
  {
    key: 'harbor-view-samuel-gym-hours',
    locationName: 'Harbor View Apartments',
    from: { tenant: 'Samuel Okafor' },
    speech: ['Hi, what are the fitness center hours on weekends?', 'And do I need my key fob to get in?'],
  },
  {
    key: 'cedar-street-caller-vacancy',
    locationName: 'Cedar Street Fourplex',
    from: { unknownPhone: '(503) 555-0191' },
    speech: ['Hello, I saw your listing online. Is the two bedroom unit still available, and are pets allowed?'],
  },
];
