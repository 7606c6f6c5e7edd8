/** A number in E.164, the form the column stores and checks: +, a country code not starting with 0, 7 to 15 digits in all. */
export const E164_PATTERN = "^\\+[1-9][0-9]{6,14}$";
export const isE164 = (text: string): boolean => new RegExp(E164_PATTERN).test(text);

/** The longest text the phone field takes as typed (spaces, dashes and parentheses included). */
export const TYPED_MAX = 40;
