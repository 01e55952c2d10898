// The placeholders live in @atendo/shared: the composer shows a quick message filled as the customer will read it.
export { formatTemplate, greetingOfHour, type TemplateVars } from '@atendo/shared';
