export {
  PhoneNumberUnavailableError,
  friendlyUsNumber,
  type AvailableNumber,
  type NumberSearch,
  type PhoneNumberProvider,
  type PurchasedNumber,
  type PurchaseOptions,
} from './phone-number-provider.js';
export { SandboxPhoneNumberProvider, sandboxNumbers, isSandboxNumber, type TakenNumbers } from './sandbox-phone-number-provider.js';
export { TwilioPhoneNumberProvider, TwilioError, type TwilioOptions } from './twilio-phone-number-provider.js';
export { areaCodeForState, usStateCode, stateOfAreaCode } from './us-area-codes.js';
export { areaCodeForZip, areaCodeForCity } from './area-codes-by-zip.js';
