/**
 * The area code that serves each 3-digit ZIP prefix, for California entirely and for the main metro areas elsewhere.
 * Source: the NANPA area code maps (North American Numbering Plan Administrator, nationalnanpa.com) laid over the
 * USPS 3-digit ZIP prefix areas (Domestic Mail Manual, list L002). A prefix whose area several area codes share gets
 * the one of its main city (e.g. 900, Los Angeles, gets 213 although parts of it dial 323 or 310): that is what a
 * manager there expects first, and they can always search another area code. A prefix not listed falls back to the
 * state's main area code (us-area-codes.ts).
 */
const byZipPrefix: Readonly<Record<string, string>> = {
  // California (every prefix, 900-961).
  '900': '213', '901': '213', '902': '310', '903': '310', '904': '310', '905': '310', '906': '562', '907': '562',
  '908': '562', '910': '626', '911': '626', '912': '818', '913': '818', '914': '818', '915': '818', '916': '818',
  '917': '626', '918': '626', '919': '619', '920': '760', '921': '619', '922': '760', '923': '909', '924': '909',
  '925': '951', '926': '949', '927': '714', '928': '714', '930': '805', '931': '805', '932': '661', '933': '661',
  '934': '805', '935': '661', '936': '559', '937': '559', '938': '559', '939': '831', '940': '650', '941': '415',
  '942': '916', '943': '650', '944': '650', '945': '510', '946': '510', '947': '510', '948': '510', '949': '415',
  '950': '408', '951': '408', '952': '209', '953': '209', '954': '707', '955': '707', '956': '916', '957': '916',
  '958': '916', '959': '530', '960': '530', '961': '530',
  // New York City and its suburbs.
  '100': '212', '101': '212', '102': '212', '103': '718', '104': '718', '112': '718', '113': '718', '114': '718',
  '116': '718', '105': '914', '106': '914', '107': '914', '108': '914', '115': '516',
  // Texas.
  '752': '214', '753': '214', '761': '817', '770': '713', '772': '713', '782': '210', '733': '512', '787': '512',
  '799': '915',
  // Other large metros.
  '606': '312', '970': '503', '971': '503', '972': '503', '981': '206', '331': '305', '332': '305', '328': '407',
  '336': '813', '322': '904', '850': '602', '857': '520', '303': '404', '021': '617', '022': '617', '802': '303',
  '891': '702', '191': '215', '152': '412', '200': '202', '554': '612', '481': '313', '482': '313', '432': '614',
  '441': '216', '462': '317', '631': '314', '641': '816', '372': '615', '402': '502', '701': '504', '282': '704',
  '276': '919', '232': '804', '212': '410', '841': '801', '871': '505', '968': '808', '995': '907',
};

/** "92101", "92101-1234" → "619"; null for a ZIP whose prefix the table does not know. */
export function areaCodeForZip(zip: string | null | undefined): string | null {
  const match = /^(\d{3})\d{2}(-\d{4})?$/.exec(zip?.trim() ?? '');
  return match ? (byZipPrefix[match[1]!] ?? null) : null;
}

/**
 * The area code of a city with no ZIP in its address ("San Diego", "CA" → "619"), through the ZIP codes the offline
 * `zipcodes` data lists for it. Loaded on first use: the data is 5 MB and most calls never need it.
 */
export async function areaCodeForCity(city: string | null | undefined, state: string | null | undefined): Promise<string | null> {
  if (!city?.trim() || !state?.trim()) return null;
  const { default: zipcodes } = await import('zipcodes');
  for (const place of zipcodes.lookupByName(city.trim(), state.trim()) ?? []) {
    const areaCode = areaCodeForZip(String(place.zip));
    if (areaCode) return areaCode;
  }
  return null;
}
