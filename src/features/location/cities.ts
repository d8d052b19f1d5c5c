// The cities a user may choose on /choose-location: Pakistan's largest cities (2023 census order, roughly),
// with their centres' coordinates for "nearest to me" on /open-location. Names are in both languages here
// rather than in the locale files: they are data, not interface text.
//
// What the routes are for (the spec names /choose-location and /open-location and shows no content; this is
// the decision): a top trading app asks for a place only where it changes a service. Here that is the city
// for cash at a branch (the offline deposit channel, whose channel password an agent hands out in person)
// and for in-person help (KYC questions, a locked-out account). /choose-location picks the city from this
// list (searchable, kept on this device only: it is not sent to the server and never affects trading or
// prices); /open-location explains location permission with the browser's real permission state, asks for
// it with a button, and offers the nearest city of this list. Location is never needed to trade.

export interface City {
  id: string;
  en: string;
  ur: string;
  lat: number;
  lon: number;
}

export const CITIES: readonly City[] = [
  { id: 'karachi', en: 'Karachi', ur: 'کراچی', lat: 24.8607, lon: 67.0011 },
  { id: 'lahore', en: 'Lahore', ur: 'لاہور', lat: 31.5204, lon: 74.3587 },
  { id: 'faisalabad', en: 'Faisalabad', ur: 'فیصل آباد', lat: 31.4504, lon: 73.135 },
  { id: 'rawalpindi', en: 'Rawalpindi', ur: 'راولپنڈی', lat: 33.5651, lon: 73.0169 },
  { id: 'gujranwala', en: 'Gujranwala', ur: 'گوجرانوالہ', lat: 32.1877, lon: 74.1945 },
  { id: 'peshawar', en: 'Peshawar', ur: 'پشاور', lat: 34.0151, lon: 71.5249 },
  { id: 'multan', en: 'Multan', ur: 'ملتان', lat: 30.1575, lon: 71.5249 },
  { id: 'hyderabad', en: 'Hyderabad', ur: 'حیدرآباد', lat: 25.396, lon: 68.3578 },
  { id: 'islamabad', en: 'Islamabad', ur: 'اسلام آباد', lat: 33.6844, lon: 73.0479 },
  { id: 'quetta', en: 'Quetta', ur: 'کوئٹہ', lat: 30.1798, lon: 66.975 },
  { id: 'bahawalpur', en: 'Bahawalpur', ur: 'بہاولپور', lat: 29.3544, lon: 71.6911 },
  { id: 'sargodha', en: 'Sargodha', ur: 'سرگودھا', lat: 32.0836, lon: 72.6711 },
  { id: 'sialkot', en: 'Sialkot', ur: 'سیالکوٹ', lat: 32.4945, lon: 74.5229 },
  { id: 'sukkur', en: 'Sukkur', ur: 'سکھر', lat: 27.7052, lon: 68.8574 },
  { id: 'larkana', en: 'Larkana', ur: 'لاڑکانہ', lat: 27.559, lon: 68.2264 },
  { id: 'abbottabad', en: 'Abbottabad', ur: 'ایبٹ آباد', lat: 34.1688, lon: 73.2215 },
  { id: 'mardan', en: 'Mardan', ur: 'مردان', lat: 34.1989, lon: 72.0231 },
  { id: 'muzaffarabad', en: 'Muzaffarabad', ur: 'مظفر آباد', lat: 34.37, lon: 73.4711 },
  { id: 'gilgit', en: 'Gilgit', ur: 'گلگت', lat: 35.9208, lon: 74.3144 },
];

export const cityById = (id: string): City | undefined => CITIES.find((c) => c.id === id);

/** The city of the list nearest to a point (great-circle distance), with the distance in whole km. */
export function nearestCity(lat: number, lon: number): { city: City; km: number } {
  const rad = Math.PI / 180;
  let best = { city: CITIES[0]!, km: Infinity };
  for (const c of CITIES) {
    const dLat = (c.lat - lat) * rad;
    const dLon = (c.lon - lon) * rad;
    const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat * rad) * Math.cos(c.lat * rad) * Math.sin(dLon / 2) ** 2;
    const km = 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
    if (km < best.km) best = { city: c, km };
  }
  return { city: best.city, km: Math.round(best.km) };
}
