/** The home-owner portal's words (spec 000 §2.1 home-owner portal; "Property Overview" is the spec's name of its dashboard). */
export const homeOwnerTexts = {
  overview: 'Property Overview',
  properties: 'My Properties',
  noProperties: 'No properties yet. Add your home to keep its documents and ask Terri about it.',
  addFirst: 'Add Your First Property',
  addProperty: 'Add Property',
  recentDocuments: 'Recent Documents',
  noDocuments: 'No documents yet.',
  allDocuments: 'All Documents',
  chat: 'Chat',
  propertiesFailed: 'Failed to fetch property locations.',
  documentsFailed: 'Failed to fetch documents',
  addHelp: 'Pick the address of your home from the suggestions. It is kept as one of your properties.',
  addressLabel: 'Home address',
  pickAddressFirst: 'Pick your address from the suggestions.',
  added: 'Property added',
  addFailed: 'Failed to add property.',
} as const;

/** The portal's paths (spec 000 §2.1): /properties goes to /dashboard. */
export const homeOwnerPaths = { dashboard: '/dashboard', addProperty: '/properties/add', documents: '/documents', chat: '/chat' } as const;
