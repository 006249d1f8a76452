import { propertyLocationMessages as propertyLocationSpecMessages } from '@pm/contracts';
/** Texts of the property location screens; the section 5 and 8 ones are spec 001's, word for word. */
export const locationMessages = {
  listTitle: 'Property Locations',
  addLocation: 'Add Property Location',
  editTitle: 'Edit Property Location',
  nameRequired: propertyLocationSpecMessages.nameRequired,
  rentalAddressRequired: propertyLocationSpecMessages.rentalAddressRequired,
  typeRequired: propertyLocationSpecMessages.typeRequired,
  unitsCountRequired: propertyLocationSpecMessages.unitsCountRequired,
  updated: 'Property location updated successfully',
  updateFailed: 'Failed to update property location',
  loadFailed: 'Failed to fetch property location.',
  emailGenerateFailed: 'Failed to generate property location email address',
  phoneAssigned: 'Phone number assigned successfully',
  phoneAssignFailed: 'Failed to assign phone number',
  phoneNumbersFailed: 'Failed to fetch available phone numbers',
  selectPhoneTitle: 'Select Phone Number',
  getPhoneNumber: 'Get a phone number',
  phoneChanged: 'Phone number changed successfully',
  phoneChangeFailed: 'Failed to change phone number',
  phoneReleased: 'Phone number released',
  phoneReleaseFailed: 'Failed to release phone number',
  changePhoneNumber: 'Change number',
  releasePhoneNumber: 'Release number',
  generateEmail: 'Generate Email Address',
} as const;

export const LOCATIONS_PATH = '/property-manager/property-locations';
export const CREATE_LOCATION_PATH = `${LOCATIONS_PATH}/create`;
export const locationPath = (locationId: string) => `${LOCATIONS_PATH}/${encodeURIComponent(locationId)}`;
export const locationPhoneNumberPath = (locationId: string) => `${locationPath(locationId)}/phone-number`;
export const locationEmailAddressPath = (locationId: string) => `${locationPath(locationId)}/email-address`;
