/** The chat's own texts (the spec gives the limit text, in @pm/contracts; the rest is ours). */

/** What the topic rotator names in turn (spec 000 §4.7: a new one every 5 seconds): what Terri is for (spec 000 §1). */
export const rotatingTopics = ['bills', 'bus routes', 'animal control', 'property taxes', 'trash and recycling', 'house rules'] as const;
export const TOPIC_ROTATION_MS = 5_000;

/** Spec 000 §8: the chat footer warns not to include personal or sensitive information. */
export const personalInformationWarning =
  'Terri is an AI assistant and can make mistakes. Do not include personal or sensitive information, such as passwords, bank or card details or Social Security numbers.';

export const createAccountPrompt = 'Create a free account to keep chatting with Terri.';
export const addressEntryTitle = 'Where is your home?';
export const addressEntryHelp = 'Terri answers questions about your address and your community. Start typing your home address and pick it from the list.';
export const pickAddressFirst = 'Pick your address from the suggestions.';
