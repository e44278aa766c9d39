// Language understanding for the seeker intake: pure functions over text, shared by the offline rules
// model and POST /api/intake/extract. Data (postcodes, name lists) loads once, on first use.
export {
  extractRequest,
  extractMessage,
  parseFormOutput,
  isFormOutput,
  mergeRequest,
  REQUIRED_FIELDS,
  type ExtractedRequest,
  type ExtractDetails,
  type ExtractOptions,
  type RequiredField,
  type OptionalField,
} from './extract.ts';
export {
  CATEGORY_IDS,
  CATEGORY_LABELS,
  CATEGORY_PRECEDENCE,
  categoryLabel,
  categoryFromLabel,
  classifyCategory,
  isCategoryId,
  type CategoryId,
  type CategoryResult,
  type CategoryHit,
  type ClassifyOptions,
} from './categories.ts';
export { CAR_BRANDS, listBrands, modelsOf, findCars, type CarBrand, type CarMention } from '../../../core/categories/car-brands.ts';
export { extractLocation, type LocationResult, type LocationOptions } from './postcode.ts';
export { parseBudget, parseAmount, findMoney, type Budget, type BudgetResult, type MoneyMatch, type MoneyOptions, type Currency } from './money.ts';
export { extractDate, parseDate, mentionsAsap, todayIso, daysUntil, type DateResult, type DateOptions, type DateKind } from './dates.ts';
export {
  URGENCY_VALUES,
  URGENCY_LABELS,
  detectUrgency,
  urgencyFromWords,
  urgencyFromDate,
  urgencyFromLabel,
  urgencyLabel,
  isUrgency,
  type Urgency,
  type UrgencyResult,
} from './urgency.ts';
export { findContacts, redactContact, hasContact, CONTACT_PLACEHOLDER, type ContactMatch, type ContactKind } from '../../../core/redaction/contact.ts';
export { checkFirstName, isKnownFirstName, isKnownSurname, MAX_NAME_LENGTH, type NameCheck, type NameRejection } from './names.ts';
export { cleanText, type Lang } from '../../../core/text.ts';
