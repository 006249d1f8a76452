// Generated from the contract registry by web/src/app/endpoints/generate.ts (npm run generate:endpoints -w @pm/web); do not edit.
// Cache tags and call options are declared in web/src/app/endpoints/identity.ts.
import {
  ChangePassword,
  CompleteReferral,
  CreateReferral,
  GetCurrentUser,
  GetReferral,
  SetAccountType,
  UpdateFullName,
  UpdatePhone,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { mutationOf, queryOf, type Keyed } from '../contract-endpoints.js';
import { identity as declared } from '../endpoints/identity.js';

export const identityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<ResponseOf<typeof ChangePassword>, RequestInputOf<typeof ChangePassword> | void>(mutationOf(ChangePassword, declared.ChangePassword)),
    completeReferral: build.mutation<ResponseOf<typeof CompleteReferral>, RequestInputOf<typeof CompleteReferral> | void>(mutationOf(CompleteReferral, declared.CompleteReferral)),
    createReferral: build.mutation<ResponseOf<typeof CreateReferral>, Keyed<RequestInputOf<typeof CreateReferral>> | void>(mutationOf(CreateReferral, declared.CreateReferral)),
    getCurrentUser: build.query<ResponseOf<typeof GetCurrentUser>, RequestInputOf<typeof GetCurrentUser> | void>(queryOf(GetCurrentUser, declared.GetCurrentUser)),
    getReferral: build.query<ResponseOf<typeof GetReferral>, RequestInputOf<typeof GetReferral> | void>(queryOf(GetReferral, declared.GetReferral)),
    setAccountType: build.mutation<ResponseOf<typeof SetAccountType>, RequestInputOf<typeof SetAccountType>>(mutationOf(SetAccountType, declared.SetAccountType)),
    updateFullName: build.mutation<ResponseOf<typeof UpdateFullName>, RequestInputOf<typeof UpdateFullName>>(mutationOf(UpdateFullName, declared.UpdateFullName)),
    updatePhone: build.mutation<ResponseOf<typeof UpdatePhone>, RequestInputOf<typeof UpdatePhone>>(mutationOf(UpdatePhone, declared.UpdatePhone)),
  }),
});

export const {
  useChangePasswordMutation,
  useCompleteReferralMutation,
  useCreateReferralMutation,
  useGetCurrentUserQuery,
  useGetReferralQuery,
  useSetAccountTypeMutation,
  useUpdateFullNameMutation,
  useUpdatePhoneMutation,
} = identityApi;
