import {
  RateChatMessage,
  AddPartner,
  AssignLocationPhoneNumber,
  ChangeLocationPhoneNumber,
  CreateBuilding,
  CreateContact,
  CreatePropertyLocation,
  CreateQuestion,
  CreateRule,
  CreateTenant,
  CreateUnit,
  DeleteContact,
  DeleteQuestion,
  DeleteRule,
  DeleteTenant,
  GenerateLocationEmailAddress,
  GetBuilding,
  GetBuildingSignature,
  GetContact,
  GetInboxUnreadCount,
  SearchInbox,
  GetMessageSession,
  GetInviteTemplate,
  GetNavbarFlags,
  GetOnboardingProgress,
  GetPropertyLocation,
  GetTenant,
  GetUnit,
  identityRequests,
  CommunicateWithAssistant,
  DeleteChatSession,
  GetChatSession,
  ListChatSessions,
  InviteTenants,
  LeavePropertyLocation,
  MarkMessageSessionRead,
  GetMessageDraft,
  GetInboundCall,
  AnswerVoiceTurn,
  ExportMessageSession,
  GetMessageAttachment,
  ListInboundCalls,
  RegenerateMessageDraft,
  EditMessageDraft,
  SendSmsResponse,
  SendEmailResponse,
  ArchiveSmsSession,
  ArchiveEmailSession,
  ListSentSms,
  ListSentEmails,
  GetAutoSendSettings,
  UpdateAutoSendSettings,
  ListTickets,
  ResolveTicket,
  AssignTicket,
  ListBuildingContacts,
  ListBuildingEmailTemplates,
  ListBuildings,
  ListContacts,
  ListEmergencyContacts,
  ListExpiringLeases,
  ListInboxItems,
  ListLocationPhoneNumbers,
  ListLocationTenants,
  ListLocationUnits,
  ListMessageSessions,
  ListPartnerInvitations,
  ListPartners,
  ListPropertyLocations,
  ListQuestions,
  ListRules,
  ListSessionMessages,
  ListUnitTenants,
  ListUnits,
  RemovePartner,
  RetrieveTenant,
  RevokePartnerInvitation,
  SearchLocationPhoneNumbers,
  ReleaseLocationPhoneNumber,
  SendLeaseRenewalEmail,
  SetPrimaryTenant,
  UpdateBuildingEmailTemplate,
  UpdateBuildingSignature,
  UpdateContact,
  UpdatePartner,
  UpdatePropertyLocation,
  UpdateQuestion,
  UpdateRule,
  UpdateTenant,
  UpdateTenantMetadata,
  ListResidentSessionMessages,
  SendResidentMessage,
  type Permission,
  type RpcContract,
} from '@pm/contracts';

/**
 * The permission every location-scoped request needs, written here as data, independently of the handlers, so a
 * handler that checks the wrong permission fails its service's access matrix. A new request contract goes either
 * here or into `notLocationScoped`; the unit test beside this file fails until it does, and each service's matrix
 * test fails until it calls every request of its context listed here.
 */
export const locationScopedRequests: ReadonlyMap<RpcContract, Permission> = new Map<RpcContract, Permission>([
  [GetPropertyLocation, 'location:read'],
  [UpdatePropertyLocation, 'location:update'],
  [GetNavbarFlags, 'location:read'],
  [GenerateLocationEmailAddress, 'location:channels'],
  [SearchLocationPhoneNumbers, 'location:channels'],
  [AssignLocationPhoneNumber, 'location:channels'],
  [ChangeLocationPhoneNumber, 'location:channels'],
  [ReleaseLocationPhoneNumber, 'location:channels'],
  [ListBuildings, 'building:read'],
  [CreateBuilding, 'building:write'],
  [GetBuilding, 'building:read'],
  [ListBuildingContacts, 'tenant:read'],
  [ListBuildingEmailTemplates, 'building:read'],
  [UpdateBuildingEmailTemplate, 'building:write'],
  [GetBuildingSignature, 'building:read'],
  [UpdateBuildingSignature, 'building:write'],
  [ListUnits, 'unit:read'],
  [ListLocationUnits, 'unit:read'],
  [CreateUnit, 'unit:write'],
  [GetUnit, 'unit:read'],
  [ListUnitTenants, 'tenant:read'],
  [ListLocationTenants, 'tenant:read'],
  [GetTenant, 'tenant:read'],
  [CreateTenant, 'tenant:write'],
  [UpdateTenant, 'tenant:write'],
  [UpdateTenantMetadata, 'tenant:write'],
  [SetPrimaryTenant, 'tenant:write'],
  [DeleteTenant, 'tenant:delete'],
  [RetrieveTenant, 'tenant:delete'],
  [GetInviteTemplate, 'tenant:invite'],
  [InviteTenants, 'tenant:invite'],
  [ListExpiringLeases, 'lease:read'],
  [SendLeaseRenewalEmail, 'lease:notify'],
  [ListPartners, 'partner:read'],
  [ListEmergencyContacts, 'partner:read'],
  [AddPartner, 'partner:write'],
  [UpdatePartner, 'partner:write'],
  [RemovePartner, 'partner:write'],
  [ListPartnerInvitations, 'partner:read'],
  [RevokePartnerInvitation, 'partner:write'],
  [ListQuestions, 'knowledge:read'],
  [CreateQuestion, 'knowledge:write'],
  [UpdateQuestion, 'knowledge:write'],
  [DeleteQuestion, 'knowledge:write'],
  [ListRules, 'knowledge:read'],
  [CreateRule, 'knowledge:write'],
  [UpdateRule, 'knowledge:write'],
  [DeleteRule, 'knowledge:write'],
  [ListContacts, 'contact:read'],
  [CreateContact, 'contact:write'],
  [GetContact, 'contact:read'],
  [UpdateContact, 'contact:write'],
  [DeleteContact, 'contact:write'],
  [ListInboxItems, 'message:read'],
  [GetInboxUnreadCount, 'message:read'],
  [SearchInbox, 'message:read'],
  [ListMessageSessions, 'message:read'],
  [GetMessageSession, 'message:read'],
  [ListSessionMessages, 'message:read'],
  [MarkMessageSessionRead, 'message:send'],
  [GetMessageDraft, 'message:read'],
  [RegenerateMessageDraft, 'message:send'],
  [EditMessageDraft, 'message:send'],
  [SendSmsResponse, 'message:send'],
  [SendEmailResponse, 'message:send'],
  [ArchiveSmsSession, 'message:send'],
  [ArchiveEmailSession, 'message:send'],
  [ListSentSms, 'message:read'],
  [ListSentEmails, 'message:read'],
  [GetAutoSendSettings, 'message:read'],
  [UpdateAutoSendSettings, 'message:send'],
  [ListInboundCalls, 'message:read'],
  [GetInboundCall, 'message:read'],
  [ExportMessageSession, 'message:read'],
  [ListTickets, 'message:read'],
  [ResolveTicket, 'message:send'],
  [AssignTicket, 'message:send'],
  [GetMessageAttachment, 'message:read'],
]);

/**
 * Requests that name no location: account-level calls (create and list locations, the caller's onboarding progress,
 * the numbers of every location they reach, leaving a location shared with them) and identity's calls (sign-up,
 * sessions, the account itself).
 */
export const notLocationScoped: readonly RpcContract[] = [
  CreatePropertyLocation,
  ListPropertyLocations,
  GetOnboardingProgress,
  ListLocationPhoneNumbers,
  // The caller's own membership, not a permission of a role: any partner may leave, the owner never (409); a
  // location they do not reach is 404 (services/portfolio/test/partner-invitations.int-spec.ts).
  LeavePropertyLocation,
  // Terri's chat: a message of the caller's own channel (another user's answers 404, as one that does not exist;
  // services/assistant/test/terri-chat.int-spec.ts).
  RateChatMessage,
  ...identityRequests,
  // The manager's AI chat: the caller's own sessions (another user's answer 404). A location a chat message names is
  // read through portfolio's calls with the caller's token, so portfolio's access rules answer for it (404 for a
  // location they do not reach; services/assistant/test/manager-chat.int-spec.ts).
  CommunicateWithAssistant,
  ListChatSessions,
  GetChatSession,
  DeleteChatSession,
  // Service callers only (messaging's voice webhook, with its service token): the location is the one the called
  // number routes to in messaging, never a user's choice (services/assistant/test/voice-calls.int-spec.ts).
  AnswerVoiceTurn,
  // The resident's own conversations: a session of one of the caller's tenants (by their account's e-mail), never a
  // location's; another resident's session answers 404 (services/messaging/test/resident-messages.int-spec.ts).
  ListResidentSessionMessages,
  SendResidentMessage,
];

/**
 * A request whose fields name no resource (no `id`, `*_id`, `*Id`, `*_ids`, `*Ids`) cannot reach into a location: it
 * acts on the caller alone (their own home, their locations' list), so it needs no entry in either list.
 */
export function namesNoResource(contract: RpcContract): boolean {
  const shape = (contract.request as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && !Object.keys(shape).some((field) => /(^id|_id|Id|_ids|Ids)$/.test(field));
}

/** The permission a location-scoped request needs (throws for one that is not in the table). */
export function permissionFor(contract: RpcContract): Permission {
  const permission = locationScopedRequests.get(contract);
  if (!permission) throw new Error(`${contract.subject} is not in the location-scoped request table (@pm/access/testing)`);
  return permission;
}

/** The location-scoped requests of one context, e.g. every portfolio request its matrix test must call. */
export function locationScopedRequestsOf(context: RpcContract['context']): RpcContract[] {
  return [...locationScopedRequests.keys()].filter((contract) => contract.context === context);
}
