// The geo feature: countries and regions from offline data (DESIGN.md §7).
export { isRegionOf, regionsOf, regionsOfCountries } from './regions';
