/**
 * A coarse outline of the lower 48 states as [longitude, latitude] pairs, clockwise from Cape Flattery. About a
 * hundred points traced from well-known coastal and border landmarks: enough for an offline map that tells the
 * user which part of the country an address is in, small enough to ship in the bundle. Bays, lakes and islands
 * are left out on purpose.
 */
export const lower48Outline: readonly (readonly [number, number])[] = [
  [-124.7, 48.4], // Cape Flattery
  [-123.3, 48.3],
  [-122.8, 49.0], // Blaine
  [-95.15, 49.0], // Lake of the Woods
  [-89.6, 48.0], // Grand Portage
  [-90.4, 46.8],
  [-86.5, 46.5],
  [-84.5, 46.5], // Sault Ste. Marie
  [-83.5, 45.9],
  [-82.4, 43.0], // Port Huron
  [-83.1, 42.1], // Detroit
  [-82.5, 41.7],
  [-79.0, 42.6],
  [-79.0, 43.3], // Niagara
  [-76.5, 43.6],
  [-74.8, 45.0], // Massena
  [-71.5, 45.0],
  [-70.0, 46.7],
  [-69.2, 47.45], // northern Maine
  [-68.0, 47.2],
  [-67.8, 45.7],
  [-67.0, 44.8], // Eastport
  [-68.8, 44.3],
  [-70.2, 43.6], // Portland, ME
  [-70.8, 42.6],
  [-70.0, 41.8], // Cape Cod
  [-71.0, 41.5],
  [-72.9, 41.2], // New Haven
  [-74.0, 40.6], // New York
  [-74.0, 39.8],
  [-74.9, 38.9], // Cape May
  [-75.1, 38.3],
  [-75.9, 37.2],
  [-76.0, 36.9], // Virginia Beach
  [-75.5, 35.2], // Cape Hatteras
  [-76.7, 34.7],
  [-77.9, 33.9], // Wilmington, NC
  [-79.2, 33.2],
  [-80.9, 32.0], // Savannah
  [-81.4, 30.7],
  [-80.6, 28.4], // Cape Canaveral
  [-80.03, 26.7],
  [-80.12, 25.75], // Miami
  [-80.4, 25.2], // southern Florida
  [-81.1, 25.1],
  [-81.8, 26.5],
  [-82.7, 28.0], // Tampa
  [-83.5, 29.5],
  [-84.3, 30.0],
  [-85.4, 29.7],
  [-86.5, 30.4],
  [-88.0, 30.6], // Mobile
  [-89.4, 30.2],
  [-89.2, 29.1], // Mississippi delta
  [-90.5, 29.1],
  [-92.0, 29.6],
  [-93.8, 29.7], // Sabine Pass
  [-94.8, 29.3], // Galveston
  [-96.5, 28.3],
  [-97.3, 27.5], // Corpus Christi
  [-97.2, 25.95], // Brownsville
  [-99.5, 27.5], // Laredo
  [-101.0, 29.7], // Del Rio
  [-103.0, 29.0], // Big Bend
  [-104.5, 29.6],
  [-106.5, 31.8], // El Paso
  [-108.2, 31.8],
  [-108.2, 31.33],
  [-111.1, 31.33], // Nogales
  [-114.8, 32.5], // Yuma
  [-117.1, 32.5], // San Diego
  [-118.5, 34.0], // Los Angeles
  [-120.6, 34.5], // Point Conception
  [-121.9, 36.6], // Monterey
  [-122.5, 37.7], // San Francisco
  [-123.8, 39.8],
  [-124.4, 40.4], // Cape Mendocino
  [-124.2, 42.0],
  [-124.5, 42.8],
  [-123.9, 46.2], // Columbia River mouth
  [-124.1, 47.0],
];
