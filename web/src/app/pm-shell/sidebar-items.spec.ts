import { aLocation } from '../test-fixtures.js';
import { sidebarItems } from './sidebar-items.js';

const keys = (...args: Parameters<typeof sidebarItems>) => sidebarItems(...args).map((item) => item.key);

describe('sidebarItems', () => {
  it('lists property locations, buildings and tenants for a multi-unit location', () => {
    expect(keys({ isPropertyOwnerCampaign: false, selectedLocation: aLocation({ type: 'MULTI_UNIT' }) })).toEqual([
      'dashboard',
      'onboarding-checklist',
      'property-locations',
      'buildings',
      'tenants',
      'tickets',
      'vault',
      'chat-with-ai',
      'add-property',
    ]);
  });

  it('lists the sandbox phone only where it answers (the local profile)', () => {
    expect(keys({ isPropertyOwnerCampaign: false, selectedLocation: null })).not.toContain('sandbox-phone');
    expect(keys({ isPropertyOwnerCampaign: false, selectedLocation: null, sandboxPhone: true })).toContain('sandbox-phone');
  });

  it('hides Buildings for a single-family location and without a location', () => {
    expect(keys({ isPropertyOwnerCampaign: false, selectedLocation: aLocation({ type: 'CONDO' }) })).not.toContain('buildings');
    expect(keys({ isPropertyOwnerCampaign: false, selectedLocation: null })).not.toContain('buildings');
  });

  it('still hides the checklist from property-owner-campaign users of non-rental properties', () => {
    expect(keys({ isPropertyOwnerCampaign: true, selectedLocation: aLocation({ is_rental_property: false }) })).not.toContain('onboarding-checklist');
  });

  it('lists the communication screens when the navbar flags show them and a location is selected', () => {
    const communication = ['inbound-messages', 'inbox', 'sent-emails', 'sent-sms', 'inbound-call', 'conversations'];
    expect(keys({ isPropertyOwnerCampaign: false, selectedLocation: aLocation(), showCommunicationMenuItems: true })).toEqual(expect.arrayContaining(communication));
    expect(keys({ isPropertyOwnerCampaign: false, selectedLocation: aLocation(), showCommunicationMenuItems: false })).not.toContain('inbox');
    expect(keys({ isPropertyOwnerCampaign: false, selectedLocation: null, showCommunicationMenuItems: true })).not.toContain('inbox');
  });
});
