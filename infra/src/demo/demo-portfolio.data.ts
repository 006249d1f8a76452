/**
 * The demo account's portfolio (demo@pm.local): what a newcomer sees after `npm start`. Pure data, read by
 * `seed-demo-account.ts`, which sends it through the BFF's API. Lease ends are days from today, so the dashboard's
 * Upcoming Lease Renewals (60 days) always has something in it. Addresses are real-looking; e-mail addresses use the
 * reserved example.* domains and phone numbers the fictional 555-01XX range, so nothing reaches a real person.
 *
 * Locations are listed in the order they are created; the first one is what the dashboard shows first.
 */

export type DemoPropertyType = 'SINGLE_FAMILY_HOME' | 'MULTI_UNIT';
export type DemoPartnerRole = 'ADMIN' | 'MANAGER' | 'VENDOR' | 'MEMBER' | 'VIEWER';

export interface DemoTenant {
  /** The unit's name within its building. */
  unit: string;
  fullName: string;
  email?: string;
  phone?: string;
  /** The lease ends this many days from today; it started a lease term earlier. */
  leaseEndsInDays: number;
  leaseMonths: number;
  rentDollars: number;
}

export interface DemoBuilding {
  name: string;
  addressText: string;
  units: string[];
  /** The signature under the building's e-mails (replies, invitations, renewals). */
  signature?: string;
  /** The building's own wording of the product's e-mails (slug: tenant-invite, lease-renewal). */
  templates?: { slug: 'tenant-invite' | 'lease-renewal'; subject: string; body: string }[];
}

export interface DemoPartner {
  fullName: string;
  email: string;
  phone: string;
  role: DemoPartnerRole;
  /**
   * Accepted: the seed gives the partner an account of their own (signed up, e-mail verified, the demo account's
   * password) which accepts the invitation, as a real partner would. Pending: the invitation waits on the partners page.
   */
  invitation: 'accepted' | 'pending';
  /** Listed among the location's emergency contacts (whom urgent tenant messages go to); accepted partners only. */
  emergencyContact?: boolean;
}

/** Someone useful for the location who is no tenant or partner (the Contacts page), with a document of theirs. */
export interface DemoContact {
  name: string;
  /** As the form takes it ("hoa" → HOA). */
  role: string;
  details: { type: 'email' | 'phone' | 'other'; label?: string; value: string }[];
  /** A one-page PDF of theirs, linked to them in the vault (contacts/{id}/documents). */
  document?: { filename: string; lines: string[] };
}

export interface DemoLocation {
  name: string;
  addressText: string;
  type: DemoPropertyType;
  declaredUnitsCount?: number;
  buildings: DemoBuilding[];
  /** The first tenant listed for a unit is its primary tenant. */
  tenants: DemoTenant[];
  partners: DemoPartner[];
  contacts?: DemoContact[];
  questions: { question: string; answer: string }[];
  rules: { description: string; expectedOutput: string }[];
  /**
   * The area code of the number the location gets: the one serving its ZIP code, which is what the platform offers
   * by default (a sandbox number 555-01XX in it locally), so the demo shows numbers tenants there would recognise.
   */
  phoneAreaCode: string;
}

/** "Maria Gonzalez" → maria.gonzalez@example.com (example.com, .net and .org are reserved for documentation). */
function emailOf(fullName: string, domain = 'example.com'): string {
  return `${fullName.toLowerCase().replace(/[^a-z ]/g, '').trim().replace(/ +/g, '.')}@${domain}`;
}

/** A tenant with an e-mail address and, when `phone` is given, a phone number in the fictional 555-01XX range. */
function tenant(unit: string, fullName: string, leaseEndsInDays: number, rentDollars: number, phone?: string, leaseMonths = 12): DemoTenant {
  return { unit, fullName, email: emailOf(fullName), ...(phone ? { phone } : {}), leaseEndsInDays, leaseMonths, rentDollars };
}

const floors = (building: string, floorNumbers: number[], perFloor: number): string[] =>
  floorNumbers.flatMap((floor) => Array.from({ length: perFloor }, (_, i) => `${building}${floor}${String(i + 1).padStart(2, '0')}`));

// What tenants ask about: trash day, parking, quiet hours, maintenance requests, rent payment.
const harborViewQuestions = [
  {
    question: 'When is trash and recycling picked up?',
    answer:
      'Trash is collected every Tuesday and recycling every other Friday. Use the bins in the garage enclosure next to the B elevators; cardboard must be flattened.',
  },
  {
    question: 'Where can I park?',
    answer:
      'Each apartment has one assigned space in the garage (your space number is on your lease). Guests may use the visitor spaces on level P1 for up to 24 hours; register the plate at the front desk.',
  },
  {
    question: 'What are the quiet hours?',
    answer: 'Quiet hours are 10 pm to 7 am every day. Please keep music and TV low and avoid moving furniture during these hours.',
  },
  {
    question: 'How do I request a repair?',
    answer:
      'Text or e-mail the building with what is wrong, your apartment number and when someone may enter. Routine repairs are scheduled within 3 business days. For a leak, no heat or a lockout, call the emergency line at any hour.',
  },
  {
    question: 'What do I do about a water leak?',
    answer:
      'Turn off the water: every sink and toilet has a shut-off valve underneath, and the apartment valve is in the hall closet. Move belongings away from the water, then call the emergency line at (619) 555-0199 at any hour; a plumber is sent the same day.',
  },
  {
    question: 'How do I pay rent?',
    answer: 'Rent is due on the 1st of each month and is late after the 5th ($75 late fee). Pay online through the resident link we send each month, or by check at the leasing office.',
  },
  {
    question: 'Are pets allowed?',
    answer: 'Up to two cats or dogs under 50 lb per apartment, with a $300 pet deposit and $35 monthly pet rent. Dogs must be leashed in common areas.',
  },
  {
    question: 'Where do packages go?',
    answer: 'Packages are left in the parcel lockers in the lobby; you get a code by text. Oversized packages are held at the front desk, open 9 am to 6 pm.',
  },
];

const harborViewRules = [
  {
    description: 'A tenant reports sparks, a burning smell or a hot outlet, switch or panel',
    expectedOutput: 'Treat it as an emergency: tell them to stay away from the outlet and call 911 if there is smoke or fire, then to call Bright Spark Electric at (619) 555-0183 and the emergency line at (619) 555-0199.',
  },
  {
    description: 'A tenant reports a water leak, no heat, a gas smell or a lockout',
    expectedOutput: 'Treat it as an emergency: tell them to call the emergency line at (619) 555-0199 right away and notify the on-call maintenance partner.',
  },
  {
    description: 'A tenant asks for a routine repair (appliance, fixture, paint, blinds)',
    expectedOutput: 'Ask for the apartment number, a short description and a photo if possible, confirm when someone may enter, and say it will be scheduled within 3 business days.',
  },
  {
    description: 'A tenant complains about noise during quiet hours (10 pm to 7 am)',
    expectedOutput: 'Thank them, ask for the apartment the noise comes from, and say the manager will follow up with that resident the next business day.',
  },
  {
    description: 'A tenant asks to pay rent late or in parts',
    expectedOutput: 'Do not promise anything: say the manager will reply personally within one business day, and remind them of the due date and late fee.',
  },
  {
    description: 'A tenant asks about renewing or ending their lease',
    expectedOutput: 'Tell them renewal offers go out 60 days before the lease ends and notice to move out is due 30 days before; offer to have the manager call them.',
  },
];

/** A 40-unit complex of two buildings; 38 apartments are let, B109 and B210 are vacant. */
const harborView: DemoLocation = {
  name: 'Harbor View Apartments',
  addressText: '1450 Harbor View Drive, San Diego, CA 92101',
  type: 'MULTI_UNIT',
  declaredUnitsCount: 40,
  phoneAreaCode: '619',
  buildings: [
    {
      name: 'Building A',
      addressText: '1450 Harbor View Drive, San Diego, CA 92101',
      units: floors('A', [1, 2], 10),
      signature: 'Harbor View Apartments, Building A\nLeasing office: 1450 Harbor View Drive, San Diego, CA 92101\nOffice hours: Monday to Friday, 9 AM to 5 PM\nAfter-hours emergencies: call the building line at any hour',
      templates: [
        {
          slug: 'tenant-invite',
          subject: 'Welcome to {{property_name}}, {{tenant_name}}',
          body: [
            'Hello {{tenant_name}},',
            '',
            'Welcome to {{property_name}} at {{property_address}}. Your welcome page has the building\'s phone number and e-mail address, so you can text or e-mail us about anything, from a package at the front desk to a repair:',
            '',
            '{{invite_link}}',
            '',
            'We are glad to have you with us.',
          ].join('\n'),
        },
        {
          slug: 'lease-renewal',
          subject: 'Renewing your lease at {{property_name}} (ends {{lease_end}})',
          body: [
            'Hello {{tenant_name}},',
            '',
            'Your lease at {{property_address}} ends on {{lease_end}}. We would be glad to have you stay: reply to this e-mail within 30 days and we will send your renewal offer with the new terms.',
            '',
            'If you plan to move out, please let us know at least 30 days before your lease ends.',
          ].join('\n'),
        },
      ],
    },
    {
      name: 'Building B',
      addressText: '1460 Harbor View Drive, San Diego, CA 92101',
      units: floors('B', [1, 2], 10),
      signature: 'Harbor View Apartments, Building B\nLeasing office: 1450 Harbor View Drive, San Diego, CA 92101\nOffice hours: Monday to Friday, 9 AM to 5 PM\nAfter-hours emergencies: call the building line at any hour',
    },
  ],
  tenants: [
    tenant('A101', 'Maria Gonzalez', 212, 2450, '(619) 555-0101'),
    tenant('A101', 'Luis Gonzalez', 212, 2450, '(619) 555-0102'),
    tenant('A102', 'James Whitfield', 95, 2300, '(619) 555-0103'),
    tenant('A103', 'Priya Raman', 301, 2350),
    tenant('A103', 'Vikram Raman', 301, 2350, '(619) 555-0134'),
    tenant('A104', 'Daniel Kim', 12, 2400, '(619) 555-0104'),
    tenant('A105', 'Ashley Turner', 140, 2250, '(619) 555-0105'),
    tenant('A105', 'Brandon Turner', 140, 2250),
    tenant('A106', 'Samuel Okafor', 178, 2300, '(619) 555-0106'),
    tenant('A107', 'Emily Chen', 33, 2500, '(619) 555-0107'),
    tenant('A108', 'Robert Alvarez', 250, 2350),
    tenant('A109', 'Hannah Schultz', 66, 2200, '(619) 555-0108'),
    tenant('A110', 'Kevin Nguyen', 330, 2450, '(619) 555-0109'),
    tenant('A110', 'Linh Nguyen', 330, 2450),
    tenant('A201', 'Olivia Bennett', 48, 2600, '(619) 555-0110'),
    tenant('A202', 'Marcus Johnson', 120, 2550, '(619) 555-0111'),
    tenant('A203', 'Sofia Rossi', 205, 2500),
    tenant('A204', 'Tyler Brooks', 7, 2450, '(619) 555-0112'),
    tenant('A204', 'Megan Brooks', 7, 2450, '(619) 555-0113'),
    tenant('A205', 'Aisha Mohammed', 158, 2500, '(619) 555-0114'),
    tenant('A206', 'Christopher Lee', 272, 2650),
    tenant('A207', 'Natalie Foster', 89, 2550, '(619) 555-0115'),
    tenant('A208', 'Jorge Ramirez', 54, 2600, '(619) 555-0116'),
    tenant('A208', 'Carmen Ramirez', 54, 2600),
    tenant('A209', 'Benjamin Wright', 190, 2500, '(619) 555-0117'),
    tenant('A210', 'Grace Park', 310, 2700, '(619) 555-0118'),
    tenant('B101', 'Ethan Morales', 75, 2250, '(619) 555-0119'),
    tenant('B102', 'Chloe Martin', 163, 2300),
    tenant('B103', 'Anthony Russo', 26, 2350, '(619) 555-0120'),
    tenant('B103', 'Gina Russo', 26, 2350),
    tenant('B104', 'Isabella Cruz', 228, 2250, '(619) 555-0121'),
    tenant('B104', 'Diego Cruz', 228, 2250),
    tenant('B105', 'Nathan Hughes', 110, 2300, '(619) 555-0122'),
    tenant('B106', 'Zoe Patel', 290, 2400, '(619) 555-0123'),
    tenant('B106', 'Arjun Patel', 290, 2400),
    tenant('B107', 'William Harris', 41, 2250, '(619) 555-0124'),
    tenant('B108', 'Lauren Mitchell', 184, 2350),
    tenant('B110', 'David Cohen', 132, 2450, '(619) 555-0125'),
    tenant('B201', 'Mia Thompson', 240, 2550, '(619) 555-0126'),
    tenant('B201', 'Jack Thompson', 240, 2550, '(619) 555-0135'),
    tenant('B202', 'Jacob Anderson', 101, 2500, '(619) 555-0127'),
    tenant('B202', 'Rachel Anderson', 101, 2500),
    tenant('B203', 'Noah Williams', 19, 2600, '(619) 555-0128'),
    tenant('B204', 'Ava Robinson', 265, 2550),
    tenant('B205', 'Elijah Scott', 147, 2500, '(619) 555-0129'),
    tenant('B206', 'Harper Young', 320, 2650, '(619) 555-0130'),
    tenant('B206', 'Logan Young', 320, 2650),
    tenant('B207', 'Amelia King', 83, 2550, '(619) 555-0131'),
    tenant('B208', 'Lucas Rivera', 215, 2600),
    tenant('B208', 'Elena Rivera', 215, 2600, '(619) 555-0132'),
    tenant('B209', 'Henry Baker', 58, 2500, '(619) 555-0133'),
  ],
  partners: [
    { fullName: 'Dana Whitaker', email: 'dana.whitaker@example.net', phone: '(619) 555-0180', role: 'MANAGER', invitation: 'accepted' },
    { fullName: 'Rosa Delgado', email: 'rosa.delgado@example.net', phone: '(619) 555-0181', role: 'ADMIN', invitation: 'accepted' },
    { fullName: 'Pacific Coast Plumbing', email: 'dispatch@pacificcoastplumbing.example', phone: '(619) 555-0182', role: 'VENDOR', invitation: 'accepted', emergencyContact: true },
    { fullName: 'Bright Spark Electric', email: 'service@brightsparkelectric.example', phone: '(619) 555-0183', role: 'VENDOR', invitation: 'pending' },
  ],
  contacts: [
    {
      name: 'Harbor Drive Owners Association',
      role: 'hoa',
      details: [
        { type: 'email', label: 'Board', value: 'board@harbordriveoa.example' },
        { type: 'phone', label: 'Office', value: '(619) 555-0170' },
      ],
      document: {
        filename: 'Harbor Drive OA - 2026 parking and guest rules.pdf',
        lines: [
          'Harbor Drive Owners Association - Parking and guest rules, 2026',
          'Guest parking on level P1 is limited to 24 hours per vehicle.',
          'Vehicles without a registered permit after 24 hours may be towed at the owner\'s expense.',
          'Moving trucks must reserve the loading zone 48 hours ahead through the association office.',
        ],
      },
    },
    {
      name: 'Coastal Appliance Repair',
      role: 'appliance repair',
      details: [
        { type: 'email', label: 'Service', value: 'service@coastalappliance.example' },
        { type: 'phone', value: '(619) 555-0171' },
      ],
      document: {
        filename: 'Coastal Appliance Repair - certificate of insurance.pdf',
        lines: [
          'Certificate of liability insurance - Coastal Appliance Repair',
          'Insured for general liability of $1,000,000 per occurrence.',
          'Certificate holder: Harbor View Apartments, 1450 Harbor View Drive, San Diego, CA 92101.',
          'Policy period: January 1, 2026 to January 1, 2027.',
        ],
      },
    },
  ],
  questions: harborViewQuestions,
  rules: harborViewRules,
};

/** A fourplex, one building; every unit let. */
const cedarStreet: DemoLocation = {
  name: 'Cedar Street Fourplex',
  addressText: '618 SE Cedar Street, Portland, OR 97214',
  type: 'MULTI_UNIT',
  declaredUnitsCount: 4,
  phoneAreaCode: '503',
  buildings: [
    {
      name: '618 SE Cedar Street',
      addressText: '618 SE Cedar Street, Portland, OR 97214',
      units: ['Unit 1', 'Unit 2', 'Unit 3', 'Unit 4'],
      signature: 'Cedar Street Fourplex management\n618 SE Cedar Street, Portland, OR 97214',
    },
  ],
  tenants: [
    tenant('Unit 1', 'Peter Lindqvist', 38, 1650, '(503) 555-0141'),
    tenant('Unit 2', 'Jasmine Howard', 176, 1600, '(503) 555-0142'),
    tenant('Unit 2', 'Trevor Howard', 176, 1600),
    tenant('Unit 3', 'Miguel Santos', 260, 1700, '(503) 555-0143'),
    tenant('Unit 4', 'Abigail Moore', 118, 1625, '(503) 555-0144'),
    tenant('Unit 4', 'Connor Moore', 118, 1625, '(503) 555-0145'),
    tenant('Unit 4', 'Riley Moore', 118, 1625),
  ],
  partners: [
    { fullName: 'Tom Becker', email: 'tom.becker@example.org', phone: '(503) 555-0186', role: 'MANAGER', invitation: 'accepted', emergencyContact: true },
    { fullName: 'Rose City Handyman', email: 'jobs@rosecityhandyman.example', phone: '(503) 555-0187', role: 'VENDOR', invitation: 'accepted' },
  ],
  questions: [
    { question: 'Which day is trash day?', answer: 'The city hauler collects trash, recycling and compost on Thursday mornings. Roll the carts to the curb on Wednesday evening and back by Thursday night.' },
    { question: 'Is there parking?', answer: 'There is no off-street parking. Street parking on SE Cedar is free; the city permit zone starts at SE 12th Avenue.' },
    { question: 'What are the quiet hours?', answer: 'Quiet hours are 10 pm to 8 am, as in Portland’s noise code. Laundry in the shared basement room runs 8 am to 9 pm.' },
    { question: 'How do I ask for a repair?', answer: 'Text or e-mail the property with the problem and your unit number. For a leak or no heat, call the manager at (503) 555-0186 at any hour.' },
    { question: 'How do I pay rent?', answer: 'Rent is due on the 1st. Pay through the payment link we send each month; a late fee applies after the 5th.' },
  ],
  rules: [
    {
      description: 'A tenant reports a water leak or no heat',
      expectedOutput: 'Treat it as urgent: give them the manager’s number, (503) 555-0186, and notify the manager at once.',
    },
    { description: 'A tenant asks about using the basement laundry', expectedOutput: 'Say it is shared by all four units and open 8 am to 9 pm; machines take cards, not coins.' },
    { description: 'A tenant asks to sublet or add a roommate', expectedOutput: 'Explain that every adult occupant must be on the lease and apply; the manager will send the application.' },
  ],
};

/**
 * A resident of a demo location with an account of their own (a resident account, the tenant record's e-mail), their
 * home set at the tenant's address, and a short conversation with Terri about it. Terri answers these from the
 * location's Q&A because portfolio vouches the resident lives there.
 */
export const demoResident = {
  locationName: 'Cedar Street Fourplex',
  fullName: 'Jasmine Howard',
  email: emailOf('Jasmine Howard'),
  home: { street: '618 SE Cedar Street', city: 'Portland', state: 'OR', zip: '97214' },
  questions: ['Which day is trash day?', 'What are the quiet hours?'],
} as const;

/** A single-family rental house let to one family. */
const sycamoreLane: DemoLocation = {
  name: '4127 Sycamore Lane',
  addressText: '4127 Sycamore Lane, Austin, TX 78745',
  type: 'SINGLE_FAMILY_HOME',
  phoneAreaCode: '512',
  // The implicit building and unit portfolio gives a single-family home, named after it (never shown as buildings).
  buildings: [{ name: '4127 Sycamore Lane', addressText: '4127 Sycamore Lane, Austin, TX 78745', units: ['4127 Sycamore Lane'] }],
  tenants: [
    tenant('4127 Sycamore Lane', 'Michael Carter', 228, 2800, '(512) 555-0161', 24),
    tenant('4127 Sycamore Lane', 'Jennifer Carter', 228, 2800, '(512) 555-0162', 24),
  ],
  partners: [
    { fullName: 'Hill Country Lawn & Pool', email: 'office@hillcountrylawn.example', phone: '(512) 555-0166', role: 'VENDOR', invitation: 'accepted' },
    { fullName: 'Karen Ellis', email: 'karen.ellis@example.org', phone: '(512) 555-0167', role: 'VIEWER', invitation: 'pending' },
  ],
  questions: [
    { question: 'When is trash day?', answer: 'Austin Resource Recovery picks up trash and yard trimmings on Monday; recycling every other Monday. Carts go out by 6:30 am.' },
    { question: 'Who takes care of the lawn and pool?', answer: 'Hill Country Lawn & Pool mows every other Friday and services the pool weekly. Please keep the side gate unlocked on Fridays.' },
    { question: 'How do I report a repair?', answer: 'Text or e-mail with a photo. For a burst pipe, turn off the water at the main valve by the driveway and call right away.' },
    { question: 'How do I pay rent?', answer: 'Rent is due on the 1st through the monthly payment link; tell us before the 1st if anything will be late.' },
  ],
  rules: [
    {
      description: 'A tenant reports the air conditioning is not working in summer',
      expectedOutput: 'Treat it as urgent from May to September: get the thermostat reading and have a technician booked the same day.',
    },
    { description: 'A tenant asks to paint a room or make changes', expectedOutput: 'Say changes need the owner’s written approval first and offer to pass the request on.' },
  ],
};

export const demoPortfolio: readonly DemoLocation[] = [harborView, cedarStreet, sycamoreLane];
