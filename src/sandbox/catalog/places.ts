// US cities of the sandbox web, with real area codes and ZIP prefixes but fictional numbers:
// every phone number is in the 555-01xx block reserved for fiction.

export interface City {
  name: string;
  state: string;
  stateName: string;
  areaCode: string;
  /** First three digits of the city's ZIP codes. */
  zipPrefix: string;
  streets: readonly string[];
}

export const CITIES: readonly City[] = [
  { name: 'Austin', state: 'TX', stateName: 'Texas', areaCode: '512', zipPrefix: '787', streets: ['Congress Ave', 'South Lamar Blvd', 'Burnet Rd', 'East 6th St', 'Guadalupe St', 'Manor Rd'] },
  { name: 'Denver', state: 'CO', stateName: 'Colorado', areaCode: '303', zipPrefix: '802', streets: ['Colfax Ave', 'Broadway', 'Larimer St', 'Tennyson St', 'South Pearl St', 'Federal Blvd'] },
  { name: 'Portland', state: 'OR', stateName: 'Oregon', areaCode: '503', zipPrefix: '972', streets: ['SE Hawthorne Blvd', 'NW 23rd Ave', 'N Mississippi Ave', 'SE Division St', 'NE Alberta St', 'SW Macadam Ave'] },
  { name: 'Boise', state: 'ID', stateName: 'Idaho', areaCode: '208', zipPrefix: '837', streets: ['W Main St', 'N 8th St', 'Vista Ave', 'W State St', 'Overland Rd', 'Broadway Ave'] },
  { name: 'Nashville', state: 'TN', stateName: 'Tennessee', areaCode: '615', zipPrefix: '372', streets: ['Charlotte Ave', 'Gallatin Ave', '12th Ave S', 'Nolensville Pike', 'West End Ave', 'Belmont Blvd'] },
  { name: 'Raleigh', state: 'NC', stateName: 'North Carolina', areaCode: '919', zipPrefix: '276', streets: ['Glenwood Ave', 'Hillsborough St', 'Six Forks Rd', 'Fayetteville St', 'Wake Forest Rd', 'Capital Blvd'] },
  { name: 'Tucson', state: 'AZ', stateName: 'Arizona', areaCode: '520', zipPrefix: '857', streets: ['E Speedway Blvd', 'N Oracle Rd', 'E Broadway Blvd', 'N Campbell Ave', 'S 4th Ave', 'E Grant Rd'] },
  { name: 'Madison', state: 'WI', stateName: 'Wisconsin', areaCode: '608', zipPrefix: '537', streets: ['State St', 'Williamson St', 'Monroe St', 'University Ave', 'Atwood Ave', 'Park St'] },
  { name: 'Savannah', state: 'GA', stateName: 'Georgia', areaCode: '912', zipPrefix: '314', streets: ['Bull St', 'Abercorn St', 'Broughton St', 'Waters Ave', 'Skidaway Rd', 'Habersham St'] },
  { name: 'Spokane', state: 'WA', stateName: 'Washington', areaCode: '509', zipPrefix: '992', streets: ['W Riverside Ave', 'N Monroe St', 'E Sprague Ave', 'S Grand Blvd', 'N Division St', 'W Garland Ave'] },
  { name: 'Albuquerque', state: 'NM', stateName: 'New Mexico', areaCode: '505', zipPrefix: '871', streets: ['Central Ave NE', 'Lomas Blvd', 'Montgomery Blvd', 'San Mateo Blvd', 'Rio Grande Blvd', 'Menaul Blvd'] },
  { name: 'Omaha', state: 'NE', stateName: 'Nebraska', areaCode: '402', zipPrefix: '681', streets: ['Dodge St', 'Leavenworth St', 'Maple St', 'Center St', 'N 72nd St', 'Farnam St'] },
  { name: 'Sacramento', state: 'CA', stateName: 'California', areaCode: '916', zipPrefix: '958', streets: ['J St', 'Freeport Blvd', 'Folsom Blvd', 'Broadway', 'Del Paso Blvd', 'Fair Oaks Blvd'] },
  { name: 'Columbus', state: 'OH', stateName: 'Ohio', areaCode: '614', zipPrefix: '432', streets: ['N High St', 'E Broad St', 'Parsons Ave', 'W 5th Ave', 'Sawmill Rd', 'Cleveland Ave'] },
];

export function cityByName(name: string): City {
  const found = CITIES.find((c) => c.name === name);
  if (!found) throw new Error(`unknown sandbox city "${name}"`);
  return found;
}
