/*
 * Portfolio's spec messages (000 §5, 001 §5 and §8), word for word, named once: the schemas and the documented errors
 * use these, and the web shows them from here. This module imports nothing, so a page can show a message without
 * downloading a schema.
 */
export const buildingMessages = {
  nameRequired: 'Building name is required',
  locationRequired: 'Property Location is required',
  addressRequired: 'Building address is required',
} as const;

export const unitMessages = {
  nameRequired: 'Unit name is required',
} as const;

export const tenantMessages = {
  fullNameRequired: 'Full name is required',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Phone number must be in format (999) 999-9999',
  noTenantSelected: 'Please select at least one tenant',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  noBuilding: 'No building found for this location',
  leaseEndBeforeStart: 'Lease end date must be after the start date',
  rentNotPositive: 'Rent must be a positive amount',
} as const;

export const partnerMessages = {
  fullNameRequired: 'Full Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  phoneRequired: 'Phone is required',
  roleRequired: 'Role is required',
  /** Not the spec's: the mail provider did not take the invitation, so nothing was stored (the web adds its own toast). */
  invitationNotSent: 'The invitation e-mail could not be sent. Please try again.',
} as const;

export const propertyLocationMessages = {
  nameRequired: 'Name is required',
  addressRequired: 'Property Address is required',
  rentalAddressRequired: 'Property Rental Address is required',
  typeRequired: 'Property Type is required',
  unitsCountRequired: 'Units Count is required',
} as const;

export const leaseRenewalMessages = {
  buildingRequired: 'Building ID is required to send renewal email',
} as const;

export const knowledgeMessages = {
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  descriptionRequired: 'Description is required',
  expectedOutputRequired: 'Expected output is required',
} as const;
