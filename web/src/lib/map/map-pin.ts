/** The point a map shows a pin at: the selected address's coordinates and its label for assistive technology. */
export interface MapPin {
  lat: number;
  lng: number;
  label: string;
}
