import {
  AssignLocationPhoneNumber,
  ChangeLocationPhoneNumber,
  CreatePropertyLocation,
  GenerateLocationEmailAddress,
  ReleaseLocationPhoneNumber,
  SearchLocationPhoneNumbers,
  UpdatePropertyLocation,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';
import type { CreatePropertyLocationRequest, PhoneNumberPurchase, PhoneNumberSearch, UpdatePropertyLocationRequest } from '../../app/property-location.js';

/** The location's own entry and the lists that show it, after a change to the location. */
const locationTags = (id: string) => [{ type: 'PropertyLocation' as const, id }, { type: 'PropertyLocation' as const, id: LIST_ID }];

/** After a number is bought, changed or released: the location, the numbers on offer and the onboarding step. */
const phoneNumberTags = (locationId: string) => [...locationTags(locationId), 'AvailablePhoneNumber' as const, 'OnboardingProgress' as const];

// The location list and a location are read by many features: app/location-data-api.ts.
export const propertyLocationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPropertyLocation: build.mutation<ResponseOf<typeof CreatePropertyLocation>, CreatePropertyLocationRequest>({
      query: callOf(CreatePropertyLocation),
      // A new location changes the list and the onboarding progress of every screen that shows it.
      invalidatesTags: invalidatesOnSuccess([{ type: 'PropertyLocation', id: LIST_ID }, 'OnboardingProgress']),
    }),
    updatePropertyLocation: build.mutation<ResponseOf<typeof UpdatePropertyLocation>, UpdatePropertyLocationRequest>({
      query: callOf(UpdatePropertyLocation),
      invalidatesTags: invalidatesOnSuccess((_result, { id }: UpdatePropertyLocationRequest) => locationTags(id)),
    }),
    generateLocationEmailAddress: build.mutation<ResponseOf<typeof GenerateLocationEmailAddress>, string>({
      query: (id) => callOf(GenerateLocationEmailAddress)({ id }),
      invalidatesTags: invalidatesOnSuccess((_result, id: string) => [...locationTags(id), 'OnboardingProgress']),
    }),
    searchPhoneNumbers: build.query<ResponseOf<typeof SearchLocationPhoneNumbers>, PhoneNumberSearch>({
      query: ({ locationId, areaCode, contains }) =>
        callOf(SearchLocationPhoneNumbers)({
          id: locationId,
          areaCode: areaCode || undefined,
          contains: contains || undefined,
          limit: AVAILABLE_PHONE_NUMBERS_LIMIT,
        }),
      providesTags: ['AvailablePhoneNumber'],
      // Availability changes by the minute; an old list would offer numbers someone else already took.
      keepUnusedDataFor: 0,
    }),
    // Buying costs money: the key, made once per confirmation, lets a retry after a lost answer get the first answer.
    assignPhoneNumber: build.mutation<ResponseOf<typeof AssignLocationPhoneNumber>, PhoneNumberPurchase>({
      query: ({ locationId, phoneNumber, idempotencyKey }) => ({
        ...callOf(AssignLocationPhoneNumber)({ id: locationId, phoneNumber }),
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: invalidatesOnSuccess((_result, { locationId }: PhoneNumberPurchase) => phoneNumberTags(locationId)),
    }),
    // PUT with the number wanted: a retry of a change that went through changes nothing, so it needs no key.
    changePhoneNumber: build.mutation<ResponseOf<typeof ChangeLocationPhoneNumber>, { locationId: string; phoneNumber: string }>({
      query: ({ locationId, phoneNumber }) => callOf(ChangeLocationPhoneNumber)({ id: locationId, phoneNumber }),
      invalidatesTags: invalidatesOnSuccess((_result, { locationId }: { locationId: string }) => phoneNumberTags(locationId)),
    }),
    releasePhoneNumber: build.mutation<ResponseOf<typeof ReleaseLocationPhoneNumber>, string>({
      query: (locationId) => callOf(ReleaseLocationPhoneNumber)({ id: locationId }),
      invalidatesTags: invalidatesOnSuccess((_result, locationId: string) => phoneNumberTags(locationId)),
    }),
  }),
});

export const {
  useCreatePropertyLocationMutation,
  useUpdatePropertyLocationMutation,
  useGenerateLocationEmailAddressMutation,
  useSearchPhoneNumbersQuery,
  useAssignPhoneNumberMutation,
  useChangePhoneNumberMutation,
  useReleasePhoneNumberMutation,
} = propertyLocationsApi;

/** How many available numbers the Select Phone Number dialog lists at once. */
export const AVAILABLE_PHONE_NUMBERS_LIMIT = 20;
