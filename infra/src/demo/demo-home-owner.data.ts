/**
 * The demo home owner (spec 000 §2.1 home-owner portal: /dashboard, /documents): someone who owns and lives in one
 * house and keeps its papers in the product. Not a manager's contact: their own account, their home entered by
 * address, and the house's documents filed from their cloud drive into the vault, so the Property Overview lists the
 * home and its newest documents and /documents opens each one. Names, addresses and numbers are fictional (reserved
 * `example.*` domains, the 555-01XX range).
 */

export interface DemoHomeDocument {
  /** The drive folder it sits in, which becomes its vault folder ('' for the drive's top). */
  folder: '' | 'Insurance' | 'Taxes' | 'Maintenance';
  /** Its file name in the seeding year (the tax bill names its year). */
  filename: (year: number) => string;
  /** A one-page PDF of these lines, or (for a .docx) a title and its paragraphs. */
  lines: (year: number) => string[];
}

export const demoHomeOwner = {
  fullName: 'Daniel Okafor',
  email: 'daniel.okafor@example.org',
  home: { street: '1142 Juniper Hill Road', city: 'Asheville', state: 'NC', zip: '28805' },
} as const;

const address = `${demoHomeOwner.home.street}, ${demoHomeOwner.home.city}, ${demoHomeOwner.home.state} ${demoHomeOwner.home.zip}`;

/** The house's papers, newest last (the order the seed files them in, so the overview lists the last one first). */
export const demoHomeDocuments: readonly DemoHomeDocument[] = [
  {
    folder: '',
    filename: () => 'Home inspection report - 1142 Juniper Hill Road.pdf',
    lines: (year) => [
      'Pre-Purchase Home Inspection Report',
      `Property: ${address}`,
      `Client: ${demoHomeOwner.fullName}`,
      `Inspection date: April 9, ${year - 3}`,
      'Inspector: Carla Mendes, NC Home Inspector License #4471, Blue Ridge Home Inspections',
      '',
      'Single-family home, two stories, built 1998, about 2,150 square feet, 4 bedrooms, 2.5 baths.',
      'Roof: architectural asphalt shingles, about 12 years old; no active leaks; flashing at the chimney resealed.',
      'Foundation: crawl space with vapor barrier; minor efflorescence on the north wall, no structural concern.',
      'Plumbing: PEX supply lines; 50-gallon gas water heater, installed 2016; expected life about 12 years.',
      'Electrical: 200-amp panel; two kitchen outlets without GFCI protection (recommend correcting).',
      'Heating and cooling: heat pump with gas furnace backup, serviced yearly; filters due for replacement.',
      'Summary: a well-kept house. Repairs recommended: GFCI outlets in the kitchen, gutter downspout extension at',
      'the back corner. Plan for: water heater replacement within 5 years, roof replacement within 10 years.',
    ],
  },
  {
    folder: 'Taxes',
    filename: (year) => `Buncombe County property tax bill ${year}.pdf`,
    lines: (year) => [
      `Buncombe County Tax Collections - ${year} Real Property Tax Bill`,
      `Owner: ${demoHomeOwner.fullName}`,
      `Property address: ${address}`,
      'Parcel ID: 9648-27-5513-00000',
      '',
      'Assessed value, land: $118,400.00',
      'Assessed value, building: $356,900.00',
      'Total assessed value: $475,300.00',
      '',
      'Buncombe County, rate 0.5466 per $100: $2,598.00',
      'City of Asheville, rate 0.4030 per $100: $1,915.46',
      'Asheville City Schools supplemental, rate 0.1035 per $100: $491.94',
      `Total amount due: $5,005.40, due September 1, ${year}`,
      `Pay without interest by January 5, ${year + 1}. Interest of 2% is added on January 6 and 0.75% each month after.`,
    ],
  },
  {
    folder: 'Maintenance',
    filename: () => 'HVAC service invoice - Blue Ridge Heating & Air.pdf',
    lines: (year) => [
      'Blue Ridge Heating & Air - Service Invoice #HV-20931',
      `Date of service: October 14, ${year}`,
      `Customer: ${demoHomeOwner.fullName}, ${address}`,
      'Phone: (828) 555-0143',
      '',
      'Fall heat pump and furnace tune-up (maintenance plan visit 2 of 2): $0.00',
      'Replaced blower capacitor (45/5 MFD), weak at 38 MFD: $165.00',
      'Two pleated air filters, 16x25x1: $38.00',
      'Subtotal: $203.00',
      'Sales tax 7%: $14.21',
      'Total paid by card: $217.21',
      '',
      'Technician notes: refrigerant charge correct, condensate line flushed. Next visit: spring, before cooling season.',
    ],
  },
  {
    folder: 'Maintenance',
    filename: () => 'Seasonal maintenance checklist.docx',
    lines: () => [
      'Spring: service the heat pump before cooling season; clean gutters and check the downspout extensions.',
      'Summer: reseal the deck; trim branches back from the roof and the heat pump.',
      'Fall: furnace tune-up; drain and cover the outdoor faucets; clean gutters after the leaves fall.',
      'Winter: replace the air filter every 60 days; test smoke and CO detectors; check the crawl space for moisture.',
      'Every year: flush the water heater; review the homeowners insurance before renewal.',
    ],
  },
  {
    folder: 'Insurance',
    filename: () => 'Homeowners insurance declarations.pdf',
    lines: (year) => [
      'Homeowners Policy Declarations - Form HO-3',
      'Insurer: Piedmont Mutual Insurance Company',
      'Policy number: HO-NC-7730418',
      `Policy period: January 15, ${year} to January 15, ${year + 1}, 12:01 a.m. at the residence premises`,
      `Named insured: ${demoHomeOwner.fullName}`,
      `Residence premises: ${address}`,
      '',
      'Coverage A, dwelling: $420,000',
      'Coverage B, other structures: $42,000',
      'Coverage C, personal property: $210,000',
      'Coverage D, loss of use: $84,000',
      'Coverage E, personal liability: $300,000 each occurrence',
      'Coverage F, medical payments to others: $5,000 each person',
      'Deductible, all perils: $1,000. Wind and hail deductible: 1% of Coverage A ($4,200).',
      'Annual premium: $1,842.00, paid in full.',
      'Agent: Lisa Tran, Tran Insurance Agency, (828) 555-0158',
    ],
  },
];

/** A PDF page's lines: demoPdf does not wrap, and about 80 characters of 12-point Helvetica fit between the margins. */
export function pageLines(lines: readonly string[], width = 80): string[] {
  return lines.flatMap((line) => {
    const wrapped: string[] = [];
    let current = '';
    for (const word of line.split(' ')) {
      if (current !== '' && current.length + 1 + word.length > width) {
        wrapped.push(current);
        current = word;
      } else current = current === '' ? word : `${current} ${word}`;
    }
    return [...wrapped, current];
  });
}
