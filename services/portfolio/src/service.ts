import { UseCasesModule, type ServiceDefinition } from '@pm/nest-kit';
import { AccessModule } from './access/access.module.js';
import { BuildingsModule } from './buildings/buildings.module.js';
import { TenantsModule } from './tenants/tenants.module.js';
import { ChannelsModule } from './channels/channels.module.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { PartnersModule } from './partners/partners.module.js';
import { PortfolioConfigModule } from './config/portfolio-config.module.js';
import type { PortfolioConfig } from './config/portfolio-env.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { UserAccount } from './accounts/user-account.entity.js';
import { Building } from './buildings/building.entity.js';
import { LocationPhoneNumber } from './channels/location-phone-number.entity.js';
import { TenantInvitation } from './tenants/tenant-invitation.entity.js';
import { Contact, ContactLocation } from './contacts/contact.entity.js';
import { Question } from './knowledge/question.entity.js';
import { Rule } from './knowledge/rule.entity.js';
import { portfolioMigrations } from './migrations/index.js';
import { OnboardingProgress } from './onboarding/onboarding-progress.entity.js';
import { OnboardingModule } from './onboarding/onboarding.module.js';
import { AccountPlansModule } from './plans/plans.module.js';
import { Partner, PartnerLocation } from './partners/partner.entity.js';
import { PartnerInvitation } from './partners/partner-invitation.entity.js';
import { PropertyLocation } from './property-locations/property-location.entity.js';
import { PropertyLocationsModule } from './property-locations/property-locations.module.js';
import { Tenant } from './tenants/tenant.entity.js';
import { Unit } from './units/unit.entity.js';

/**
 * Portfolio: property locations, buildings, units, tenants and invitations, partners and their roles, knowledge
 * (Q&A, rules), location contacts, per-location phone number and e-mail address, onboarding progress, navbar flags.
 * Access to all of it is decided by access/ (one role table, enforced per request).
 */
export function portfolioService(config?: PortfolioConfig): ServiceDefinition {
  return {
    name: config?.DATABASE_SCHEMA ?? 'portfolio',
    context: 'portfolio',
    entities: portfolioEntities,
    migrations: portfolioMigrations,
    // Without a configuration (migrations only) no feature is loaded.
    features: config ? [PortfolioConfigModule.forRoot(config), AccessModule, AccountsModule, PropertyLocationsModule, OnboardingModule, AccountPlansModule,
      BuildingsModule, TenantsModule,
      PartnersModule, ContactsModule, ChannelsModule,
      // Every `use-cases/<name>/<name>.handler` marked @UseCase(contract) below src/, served without a module list;
      // `imports` are the modules whose shared providers (caller resolution, counts, templates…) use cases inject.
      UseCasesModule.discover(import.meta.dirname, { imports: [AccountsModule, BuildingsModule, ContactsModule, PartnersModule, ChannelsModule, AccountPlansModule] })] : [],
  };
}

const portfolioEntities = [
    PropertyLocation,
    UserAccount,
    OnboardingProgress,
    Building,
    Unit,
    Tenant,
    Partner,
    PartnerLocation,
    Question,
    Rule,
    Contact,
    ContactLocation,
  LocationPhoneNumber,
  TenantInvitation,
  PartnerInvitation,
];
